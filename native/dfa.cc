#include "dfa.h"

#include <algorithm>

namespace {
// Scratch buffers over this many instructions are freed when the next
// validation starts (environment.cc).
constexpr size_t kKeptScratch = 16 * 1024;
}  // namespace

bool Scratch::Fit(size_t size) {
  if (size <= size_) return true;
  // Closure pushes at most two instructions per instruction it reaches,
  // plus its starting set (program.cc); a next set is pushed at most every
  // instruction's next, every leading run's top again, and the restart.
  if (!reached.Init(size) || !stack.Reserve(3 * size + 1) || !next.Reserve(2 * size + 1)) {
    Trim();
    return false;
  }
  size_ = size;
  return true;
}

void Scratch::Trim() {
  if (size_ <= kKeptScratch) return;
  reached.Release();
  stack.Release();
  next.Release();
  size_ = 0;
}

size_t Dfa::bytes() const {
  return sets_.bytes() + ends_.bytes() + rows_.bytes();
}

void Dfa::Clear() {
  validation_ = kNoValidation;  // the next search builds the start state again, and pays for it
  sets_.Release();
  ends_.Release();
  rows_.Release();
}

void Dfa::NextEpoch() {
  if (++epoch_ != 0) return;
  // After 2^32 validations the marks would repeat: forget them all.
  for (size_t i = 0; i < rows_.size(); i++) rows_[i].used = 0;
  for (size_t i = 0; i < ends_.size(); i++) ends_[i].ended = 0;
  epoch_ = 1;
}

// The two sinks (no match possible, match found: empty sets, told apart by
// flags no other state has) and the state at the start of the subject,
// whose only instruction is the first.
bool Dfa::Start() {
  if (sets_.count() != 0) return true;
  uint32_t state;
  const uint32_t start = 0;
  if (!Intern(kDeadFlags, &start, 0, &state) || !Intern(kMatchedFlags, &start, 0, &state) ||
      !Intern(kAtStart, &start, 1, &state)) {
    Clear();
    return false;
  }
  // A sink is never left, and is never ended in: its end is known.
  ends_[kDead].cost = ends_[kMatched].cost = 1;
  return true;
}

// What building a state costs: its row of transitions and its set.
uint32_t Dfa::BuildCost(uint32_t state) const {
  return state < kInitial ? 0 : program_->class_count() + sets_.size(state);
}

Outcome Dfa::Test(const uint32_t* subject, size_t length, Scratch* scratch, Meter* meter) {
  if (!scratch->Fit(program_->size()) || !Start()) return kOutOfMemory;
  const size_t classes = program_->class_count();
  const int64_t allowed = meter->allowed;
  int64_t spent = meter->spent;
  // The first search of a validation builds the start state.
  if (meter->validation != validation_) {
    validation_ = meter->validation;
    NextEpoch();
    spent += BuildCost(kInitial);
  }
  // Transitions hold the index of their target's row (state * classes), so
  // the loop needs no multiplication; the sinks' rows come first.
  const size_t sinks = kInitial * classes;
  size_t row = sinks;
  Slot* rows = rows_.data();
  size_t i = 0;
  while (i < length && spent <= allowed) {
    const uint32_t cls = program_->ClassOf(subject[i++]);
    Slot* slot = rows + row + cls;
    if (slot->used != epoch_) {
      if (slot->next == kUnknown) {
        if (!Transition(static_cast<uint32_t>(row / classes), cls, scratch)) {
          meter->spent = spent;
          return kOutOfMemory;
        }
        rows = rows_.data();  // may have moved
        slot = rows + row + cls;
      }
      slot->used = epoch_;
      spent += slot->cost;
    }
    row = slot->next;
    if (row < sinks) break;
  }
  meter->spent = spent;
  if (spent > allowed) return kWorkLimit;
  if (row == kMatched * classes) return kMatch;
  if (row < sinks) return kNoMatch;
  return AtEnd(static_cast<uint32_t>(row / classes), scratch, meter);
}

// Computes the transition from `state` on a code point of class `cls`.
bool Dfa::Transition(uint32_t state, uint32_t cls, Scratch* scratch) {
  const Program& program = *program_;
  const bool word = program.ClassIsWord(cls);
  {
    const uint32_t flags = sets_.flags(state);
    const Position at{(flags & kAtStart) != 0, false, (flags & kAfterWord) != 0, word};
    program.Closure(sets_.items(state), sets_.size(state), at, &scratch->reached, &scratch->stack);
  }
  uint32_t target = kDead;
  Array<uint32_t>& next = scratch->next;
  next.Clear();
  for (uint32_t pc : scratch->reached) {
    const Instruction& inst = program[pc];
    if (inst.op == kAccept) {
      target = kMatched;
      break;
    }
    if (inst.op == kChar && program.SetHoldsClass(inst.x, cls)) next.Push(pc + 1);
    // A leading run's top reads any number of its set more (Program::FindChains).
    const uint32_t lead = program.lead_set(pc);
    if (lead != Program::kNoLead && program.SetHoldsClass(lead, cls)) next.Push(pc);
  }
  // An unanchored search may start a match at the next position too.
  if (target != kMatched && !program.anchored()) next.Push(0);
  if (target != kMatched && next.size() > 0) {
    std::sort(next.data(), next.data() + next.size());
    next.Resize(std::unique(next.data(), next.data() + next.size()) - next.data(), 0);
    // Of a run's threads, the highest is all a state needs (Program::FindChains).
    size_t kept = 0;
    for (size_t i = 0; i < next.size(); i++) {
      if (i + 1 < next.size() && next[i + 1] <= program.chain_top(next[i])) continue;
      next[kept++] = next[i];
    }
    next.Resize(kept, 0);
    const uint32_t flags = program.uses_word_assertions() && word ? kAfterWord : 0;
    if (!Intern(flags, next.data(), next.size(), &target)) return false;
  }
  Slot& slot = rows_[state * size_t{program.class_count()} + cls];
  slot.next = static_cast<uint32_t>(target * size_t{program.class_count()});
  slot.cost = static_cast<uint32_t>(scratch->reached.size()) + BuildCost(target);
  return true;
}

// Whether `state` holds a match when the subject ends there, and what finding out costs.
void Dfa::FindEnd(uint32_t state, Scratch* scratch) {
  End& end = ends_[state];
  if (end.cost != 0) return;
  const uint32_t flags = sets_.flags(state);
  const Position at{(flags & kAtStart) != 0, true, (flags & kAfterWord) != 0, false};
  program_->Closure(sets_.items(state), sets_.size(state), at, &scratch->reached, &scratch->stack);
  end.cost = static_cast<uint32_t>(scratch->reached.size());
  end.accepts = false;
  for (uint32_t pc : scratch->reached) end.accepts |= (*program_)[pc].op == kAccept;
}

Outcome Dfa::AtEnd(uint32_t state, Scratch* scratch, Meter* meter) {
  FindEnd(state, scratch);
  End& end = ends_[state];
  if (end.ended != epoch_) {
    end.ended = epoch_;
    if (!meter->Charge(end.cost)) return kWorkLimit;
  }
  return end.accepts ? kMatch : kNoMatch;
}

// The state of (flags, set), found or added with its row of unknown transitions.
bool Dfa::Intern(uint32_t flags, const uint32_t* set, size_t size, uint32_t* state) {
  bool added;
  if (!sets_.Intern(flags, set, size, state, &added)) return false;
  if (!added) return true;
  const size_t classes = program_->class_count();
  // Row indices are 32-bit.
  return (*state + 1) * classes < kUnknown && rows_.Resize((*state + 1) * classes, Slot{kUnknown, 0, 0}) &&
         ends_.Push(End{0, 0, false});
}
