#include "dfa.h"

#include <algorithm>
#include <cstring>

namespace {
// Scratch buffers over this many instructions are freed when the next
// validation starts (environment.cc).
constexpr size_t kKeptScratch = 16 * 1024;
}  // namespace

bool Scratch::Fit(size_t size) {
  if (size <= size_) return true;
  // Closure pushes at most two instructions per instruction it reaches,
  // plus its starting set (program.cc); a next set holds at most every
  // instruction and the restart.
  if (!reached.Init(size) || !stack.Reserve(3 * size + 1) || !next.Reserve(size + 1)) {
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
  return states_.bytes() + sets_.bytes() + rows_.bytes() + table_.bytes();
}

void Dfa::Clear() {
  validation_ = kNoValidation;  // the next search builds the start state again, and pays for it
  states_.Release();
  sets_.Release();
  rows_.Release();
  table_.Release();
}

void Dfa::NextEpoch() {
  if (++epoch_ != 0) return;
  // After 2^32 validations the marks would repeat: forget them all.
  for (size_t i = 0; i < rows_.size(); i++) rows_[i].used = 0;
  for (size_t i = 0; i < states_.size(); i++) states_[i].ended = 0;
  epoch_ = 1;
}

// The two sinks (no match possible, match found) and the state at the start
// of the subject, whose only instruction is the first.
bool Dfa::Start() {
  if (states_.size() != 0) return true;
  const State sink{0, 0, 0, 1, 0, false};
  uint32_t initial;
  const uint32_t start = 0;
  if (!table_.Resize(64, kUnknown) || !states_.Push(sink) || !states_.Push(sink) ||
      !rows_.Resize(2 * size_t{program_->class_count()}, Slot{kUnknown, 0, 0}) ||
      !Intern(kAtStart, &start, 1, &initial)) {
    Clear();
    return false;
  }
  return true;
}

// What building a state costs: its row of transitions and its set.
uint32_t Dfa::BuildCost(uint32_t state) const {
  return state < kInitial ? 0 : program_->class_count() + states_[state].set_size;
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
    const State& s = states_[state];
    const Position at{(s.flags & kAtStart) != 0, false, (s.flags & kAfterWord) != 0, word};
    program.Closure(sets_.data() + s.set_begin, s.set_size, at, &scratch->reached, &scratch->stack);
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
  }
  // An unanchored search may start a match at the next position too.
  if (target != kMatched && !program.anchored()) next.Push(0);
  if (target != kMatched && next.size() > 0) {
    std::sort(next.data(), next.data() + next.size());
    next.Resize(std::unique(next.data(), next.data() + next.size()) - next.data(), 0);
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
  State& s = states_[state];
  if (s.end_cost != 0) return;
  const Position at{(s.flags & kAtStart) != 0, true, (s.flags & kAfterWord) != 0, false};
  program_->Closure(sets_.data() + s.set_begin, s.set_size, at, &scratch->reached, &scratch->stack);
  s.end_cost = static_cast<uint32_t>(scratch->reached.size());
  s.accepts_at_end = false;
  for (uint32_t pc : scratch->reached) s.accepts_at_end |= (*program_)[pc].op == kAccept;
}

Outcome Dfa::AtEnd(uint32_t state, Scratch* scratch, Meter* meter) {
  State& s = states_[state];
  FindEnd(state, scratch);
  if (s.ended != epoch_) {
    s.ended = epoch_;
    if (!meter->Charge(s.end_cost)) return kWorkLimit;
  }
  return s.accepts_at_end ? kMatch : kNoMatch;
}

uint64_t Dfa::Hash(uint32_t flags, const uint32_t* set, size_t size) const {
  uint64_t h = 0x9E3779B97F4A7C15ull ^ flags;
  for (size_t i = 0; i < size; i++) h = (h ^ set[i]) * 0x100000001B3ull;
  return h ^ (h >> 29);
}

bool Dfa::Intern(uint32_t flags, const uint32_t* set, size_t size, uint32_t* state) {
  const uint64_t hash = Hash(flags, set, size);
  const size_t mask = table_.size() - 1;
  for (size_t i = hash & mask;; i = (i + 1) & mask) {
    const uint32_t candidate = table_[i];
    if (candidate == kUnknown) break;
    const State& s = states_[candidate];
    if (s.flags == flags && s.set_size == size &&
        std::memcmp(sets_.data() + s.set_begin, set, size * sizeof(uint32_t)) == 0) {
      *state = candidate;
      return true;
    }
  }
  return AddState(flags, set, size, hash, state);
}

bool Dfa::AddState(uint32_t flags, const uint32_t* set, size_t size, uint64_t hash, uint32_t* state) {
  const size_t index = states_.size();
  const size_t classes = program_->class_count();
  // Row indices and set offsets are 32-bit.
  if ((index + 1) * classes >= kUnknown || sets_.size() + size > UINT32_MAX ||
      !rows_.Resize((index + 1) * classes, Slot{kUnknown, 0, 0}) ||
      !sets_.Reserve(sets_.size() + size)) {
    return false;
  }
  const uint32_t begin = static_cast<uint32_t>(sets_.size());
  for (size_t i = 0; i < size; i++) sets_.Push(set[i]);
  if (!states_.Push(State{begin, static_cast<uint32_t>(size), flags, 0, 0, false})) return false;
  *state = static_cast<uint32_t>(index);
  // Kept at most half full, so a probe always ends at an empty entry.
  if (2 * (states_.size() + 1) > table_.size()) return Rehash();
  const size_t mask = table_.size() - 1;
  size_t i = hash & mask;
  while (table_[i] != kUnknown) i = (i + 1) & mask;
  table_[i] = *state;
  return true;
}

bool Dfa::Rehash() {
  Array<uint32_t> table;
  if (!table.Resize(table_.size() * 2, kUnknown)) return false;
  const size_t mask = table.size() - 1;
  for (uint32_t state = kInitial; state < states_.size(); state++) {
    const State& s = states_[state];
    size_t i = Hash(s.flags, sets_.data() + s.set_begin, s.set_size) & mask;
    while (table[i] != kUnknown) i = (i + 1) & mask;
    table[i] = state;
  }
  table_.Swap(table);
  return true;
}
