#include "proof.h"

#include <algorithm>
#include <cstring>

#include "array.h"

namespace {

constexpr uint32_t kNone = UINT32_MAX;
constexpr uint32_t kAtStart = 1;
constexpr uint32_t kAfterWord = 2;
constexpr uint32_t kMatchReached = 4;
// A state holds at most kMaxSteps + 1 waiting entries (each came from a step
// of the position before) and a new attempt; every visit costs a step and
// adds at most one entry to the stack, and Step stops past kMaxSteps. So no
// Push below ever needs to grow its array (and so none can fail).
constexpr size_t kStackRoom = 2 * size_t{kMaxSteps} + 4;

// Paths waiting at one instruction.
struct Waiting {
  uint32_t pc;
  uint32_t paths;
};

struct State {
  uint32_t begin;  // its Waiting entries in `waiting_`, by ascending pc
  uint32_t size;
  uint32_t flags;
};

class Prover {
 public:
  Prover(const Program& program, uint64_t budget) : program_(program), budget_(budget) {}

  Proof Run();

 private:
  // Follows the paths of `state` through one position, where the next code
  // point is of class `cls` (kNone: the end of the subject). Fills `next_`
  // with the paths waiting after it; false when the steps pass kMaxSteps.
  bool Step(uint32_t state, uint32_t cls, bool* matched);
  bool Intern(uint32_t flags, uint32_t* state);
  uint64_t Hash(uint32_t flags, const Waiting* set, size_t size) const;
  bool Rehash();

  const Program& program_;
  const uint64_t budget_;
  Array<State> states_;
  Array<Waiting> waiting_;
  Array<uint32_t> table_;  // open addressing: state indices, kNone empty
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
  if (!paths_at_.Resize(size, 0) || !table_.Resize(64, kNone) ||
      !stack_.Reserve(kStackRoom) || !touched_.Reserve(kStackRoom) || !next_.Reserve(kStackRoom)) {
    return {false, 0, "out of memory while proving it", 0};
  }
  next_.Clear();
  uint32_t initial;
  if (!Intern(kAtStart, &initial)) return {false, 0, "out of memory while proving it", 0};
  const uint32_t classes = program_.class_count();
  // Intern() appends new states: one pass in index order reaches them all.
  for (uint32_t state = 0; state < states_.size(); state++) {
    for (uint32_t cls = 0; cls <= classes; cls++) {
      const bool at_end = cls == classes;
      bool matched = false;
      work_++;
      static_assert(kMaxSteps == 64, "the reason below names it");
      if (!Step(state, at_end ? kNone : cls, &matched)) {
        return {false, most_steps_,
                "a backtracking search of it can take more than 64 steps at one position (overlapping repeats or "
                "alternatives, or an empty loop)",
                0};
      }
      if (at_end) continue;
      uint32_t flags = (states_[state].flags & kMatchReached) | (matched ? kMatchReached : 0);
      if (program_.ClassIsWord(cls)) flags |= kAfterWord;
      uint32_t target;
      if (!Intern(flags, &target)) return {false, 0, "out of memory while proving it", 0};
      if (states_.size() > kMaxStates || work_ > budget_) {
        return {false, 0, "proving its backtracking search linear took more than the proof's budget", 0};
      }
    }
  }
  return {true, most_steps_, nullptr, 0};
}

bool Prover::Step(uint32_t state, uint32_t cls, bool* matched) {
  const State s = states_[state];
  const Position at{(s.flags & kAtStart) != 0, cls == kNone, (s.flags & kAfterWord) != 0,
                    cls != kNone && program_.ClassIsWord(cls)};
  stack_.Clear();
  for (uint32_t i = 0; i < s.size; i++) stack_.Push(waiting_[s.begin + i]);
  // A new attempt starts here unless none can: an anchored program starts
  // only at the first position, and no attempt follows one that matches.
  const bool starts = (s.flags & kMatchReached) == 0 && (!program_.anchored() || (s.flags & kAtStart) != 0);
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
        if (cls != kNone && program_.SetHoldsClass(inst.x, cls)) {
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

uint64_t Prover::Hash(uint32_t flags, const Waiting* set, size_t size) const {
  uint64_t h = 0x9E3779B97F4A7C15ull ^ flags;
  for (size_t i = 0; i < size; i++) h = ((h ^ set[i].pc) * 0x100000001B3ull ^ set[i].paths) * 0x100000001B3ull;
  return h ^ (h >> 29);
}

// The state of `flags` and next_, found or added.
bool Prover::Intern(uint32_t flags, uint32_t* state) {
  const Waiting* set = next_.data();
  const size_t size = next_.size();
  const uint64_t hash = Hash(flags, set, size);
  const size_t mask = table_.size() - 1;
  size_t i = hash & mask;
  for (;; i = (i + 1) & mask) {
    const uint32_t candidate = table_[i];
    if (candidate == kNone) break;
    const State& s = states_[candidate];
    // memcmp may not be given waiting_'s null data, even for no bytes.
    if (s.flags == flags && s.size == size &&
        (size == 0 || std::memcmp(waiting_.data() + s.begin, set, size * sizeof(Waiting)) == 0)) {
      *state = candidate;
      return true;
    }
  }
  const uint32_t begin = static_cast<uint32_t>(waiting_.size());
  for (size_t k = 0; k < size; k++) {
    if (!waiting_.Push(set[k])) return false;
  }
  *state = static_cast<uint32_t>(states_.size());
  if (!states_.Push(State{begin, static_cast<uint32_t>(size), flags})) return false;
  table_[i] = *state;
  // Kept at most half full, so a probe always ends at an empty entry.
  return 2 * states_.size() <= table_.size() || Rehash();
}

bool Prover::Rehash() {
  Array<uint32_t> table;
  if (!table.Resize(table_.size() * 2, kNone)) return false;
  const size_t mask = table.size() - 1;
  for (uint32_t state = 0; state < states_.size(); state++) {
    const State& s = states_[state];
    size_t i = Hash(s.flags, waiting_.data() + s.begin, s.size) & mask;
    while (table[i] != kNone) i = (i + 1) & mask;
    table[i] = state;
  }
  table_.Swap(table);
  return true;
}

}  // namespace

Proof ProveLinear(const Program& program, uint64_t budget) {
  Prover prover(program, budget < kProofWork ? budget : kProofWork);
  Proof proof = prover.Run();
  proof.work = prover.work();
  return proof;
}
