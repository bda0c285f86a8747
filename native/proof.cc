#include "proof.h"

#include <algorithm>

#include "array.h"
#include "interned-sets.h"

namespace {

// The end of the subject, where a class of code points would be.
constexpr uint32_t kEnd = UINT32_MAX;
constexpr uint32_t kAtStart = 1;
constexpr uint32_t kAfterWord = 2;
constexpr uint32_t kMatchReached = 4;
// A state holds at most kMaxSteps + 1 waiting entries (each came from a step
// of the position before) and a new attempt; every visit costs a step and
// adds at most one entry to the stack, and Step stops past kMaxSteps. So no
// Push below ever needs to grow its array (and so none can fail).
constexpr size_t kStackRoom = 2 * size_t{kMaxSteps} + 4;

// Paths waiting at one instruction; a state holds them by ascending pc.
struct Waiting {
  uint32_t pc;
  uint32_t paths;
};

class Prover {
 public:
  Prover(const Program& program, uint64_t budget) : program_(program), budget_(budget) {}

  Proof Run();

 private:
  // Follows the paths of `state` through one position, where the next code
  // point is of class `cls` (kEnd: the end of the subject). Fills `next_`
  // with the paths waiting after it; false when the steps pass kMaxSteps.
  bool Step(uint32_t state, uint32_t cls, bool* matched);
  // The state of `flags` and next_, found or added.
  bool Intern(uint32_t flags, uint32_t* state) {
    bool added;
    return states_.Intern(flags, next_.data(), next_.size(), state, &added);
  }

  const Program& program_;
  const uint64_t budget_;
  InternedSets<Waiting> states_;
  Array<Waiting> stack_;
  Array<uint32_t> paths_at_;  // per pc: paths waiting after this position
  Array<uint32_t> touched_;   // the pcs paths_at_ holds, in order found
  Array<Waiting> next_;
  uint32_t most_steps_ = 0;
  uint64_t work_ = 0;

 public:
  uint64_t work() const { return work_; }
};

Proof Prover::Run() {
  const size_t size = program_.size();
  if (!paths_at_.Resize(size, 0) ||
      !stack_.Reserve(kStackRoom) || !touched_.Reserve(kStackRoom) || !next_.Reserve(kStackRoom)) {
    return {false, 0, "out of memory while proving it", 0};
  }
  next_.Clear();
  uint32_t initial;
  if (!Intern(kAtStart, &initial)) return {false, 0, "out of memory while proving it", 0};
  const uint32_t classes = program_.class_count();
  // Intern() appends new states: one pass in index order reaches them all.
  for (uint32_t state = 0; state < states_.count(); state++) {
    for (uint32_t cls = 0; cls <= classes; cls++) {
      const bool at_end = cls == classes;
      bool matched = false;
      work_++;
      static_assert(kMaxSteps == 64, "the reason below names it");
      if (!Step(state, at_end ? kEnd : cls, &matched)) {
        return {false, most_steps_,
                "a backtracking search of it can take more than 64 steps at one position (overlapping repeats or "
                "alternatives, or an empty loop)",
                0};
      }
      if (at_end) continue;
      uint32_t flags = (states_.flags(state) & kMatchReached) | (matched ? kMatchReached : 0);
      if (program_.ClassIsWord(cls)) flags |= kAfterWord;
      uint32_t target;
      if (!Intern(flags, &target)) return {false, 0, "out of memory while proving it", 0};
      if (states_.count() > kMaxStates || work_ > budget_) {
        return {false, 0, "proving its backtracking search linear took more than the proof's budget", 0};
      }
    }
  }
  return {true, most_steps_, nullptr, 0};
}

bool Prover::Step(uint32_t state, uint32_t cls, bool* matched) {
  const uint32_t flags = states_.flags(state);
  const Position at{(flags & kAtStart) != 0, cls == kEnd, (flags & kAfterWord) != 0,
                    cls != kEnd && program_.ClassIsWord(cls)};
  stack_.Clear();
  const Waiting* waiting = states_.items(state);
  for (uint32_t i = 0; i < states_.size(state); i++) stack_.Push(waiting[i]);
  // A new attempt starts here unless none can: an anchored program starts
  // only at the first position, and no attempt follows one that matches.
  const bool starts = (flags & kMatchReached) == 0 && (!program_.anchored() || (flags & kAtStart) != 0);
  if (starts) stack_.Push({0, 1});
  uint32_t steps = 0;
  touched_.Clear();
  bool ok = true;
  while (stack_.size() > 0) {
    const Waiting w = stack_.Pop();
    const Instruction& inst = program_[w.pc];
    const uint32_t weight = inst.op == kAssert && inst.x >= kWordBoundary ? kWordAssertionSteps : 1;
    steps += weight * w.paths;
    work_++;
    if (steps > kMaxSteps) {
      ok = false;
      break;
    }
    switch (inst.op) {
      case kSplit:
        stack_.Push({inst.y, w.paths});
        stack_.Push({inst.x, w.paths});
        break;
      case kJump:
        stack_.Push({inst.x, w.paths});
        break;
      case kAssert:
        if (AssertionHolds(inst.x, at)) stack_.Push({w.pc + 1, w.paths});
        break;
      case kChar:
        if (cls != kEnd && program_.SetHoldsClass(inst.x, cls)) {
          if (paths_at_[w.pc + 1] == 0) touched_.Push(w.pc + 1);
          paths_at_[w.pc + 1] += w.paths;
        }
        break;
      case kAccept:
        *matched = true;
        break;
    }
  }
  most_steps_ = std::max(most_steps_, steps);
  std::sort(touched_.data(), touched_.data() + touched_.size());
  next_.Clear();
  for (size_t i = 0; i < touched_.size(); i++) {
    const uint32_t pc = touched_[i];
    next_.Push({pc, paths_at_[pc]});
    paths_at_[pc] = 0;
  }
  return ok;
}

}  // namespace

Proof ProveLinear(const Program& program, uint64_t budget) {
  Prover prover(program, budget < kProofWork ? budget : kProofWork);
  Proof proof = prover.Run();
  proof.work = prover.work();
  return proof;
}
