#include "dfa.h"

#include <algorithm>

namespace {
// Scratch buffers over this many instructions are freed when the next
// validation starts (environment.cc).
constexpr size_t kKeptScratch = 16 * 1024;
}  // namespace

bool Scratch::Fit(const Program& program) {
  const size_t size = program.size();
  const size_t runs = program.counted_runs().size();
  if (size <= size_ && runs <= counters.size()) return true;
  // Closure pushes at most two instructions per instruction it reaches,
  // plus its starting set (program.cc); a next set is pushed at most every
  // instruction's next, every leading run's top again, the restart and a
  // marker per counted run; a run's ring holds one thread a copy.
  if (!reached.Init(size) || !stack.Reserve(3 * size + 1) || !next.Reserve(3 * size + 2) ||
      !entries.Reserve(2 * runs + 2) || !counters.Resize(runs, Counter{0, 0}) || !ring.Resize(size, 0) ||
      !tops.Reserve(runs)) {
    size_ = SIZE_MAX;
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
  entries.Release();
  counters.Release();
  ring.Release();
  tops.Release();
  size_ = 0;
}

size_t Dfa::bytes() const {
  return sets_.bytes() + ends_.bytes() + rows_.bytes() + sides_.bytes() + entry_lists_.bytes();
}

void Dfa::Clear() {
  validation_ = kNoValidation;  // the next search builds the start state again, and pays for it
  sets_.Release();
  ends_.Release();
  rows_.Release();
  sides_.Release();
  entry_lists_.Release();
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
  // The entry lists' 0 is the empty list.
  if (!Intern(kDeadFlags, &start, 0, &state) || !Intern(kMatchedFlags, &start, 0, &state) ||
      !Intern(kAtStart, &start, 1, &state) || (program_->counted_runs().size() != 0 && !entry_lists_.Push(0))) {
    Clear();
    return false;
  }
  // A sink is never left, and is never ended in: its end is known.
  ends_[kDead].cost = ends_[kMatched].cost = 1;
  return true;
}

// What building a state costs: its row of transitions and its set.
uint32_t Dfa::BuildCost(uint32_t state) const {
  return state < kInitial ? 0 : static_cast<uint32_t>(width_) + sets_.size(state);
}

Outcome Dfa::Test(const uint32_t* subject, size_t length, Scratch* scratch, Meter* meter) {
  if (!scratch->Fit(*program_) || !Start()) return kOutOfMemory;
  // The first search of a validation builds the start state.
  if (meter->validation != validation_) {
    validation_ = meter->validation;
    NextEpoch();
    meter->spent += BuildCost(kInitial);
  }
  return program_->counted_runs().size() == 0 ? Search<false>(subject, length, scratch, meter)
                                              : Search<true>(subject, length, scratch, meter);
}

template <bool kCounting>
Outcome Dfa::Search(const uint32_t* subject, size_t length, Scratch* scratch, Meter* meter) {
  const size_t width = width_;
  const int64_t allowed = meter->allowed;
  int64_t spent = meter->spent;
  if (kCounting) {
    for (size_t r = 0; r < program_->counted_runs().size(); r++) scratch->counters[r] = Scratch::Counter{0, 0};
  }
  // Transitions hold the index of their target's row (state * width), so
  // the loop needs no multiplication; the sinks' rows come first.
  const size_t sinks = kInitial * width;
  size_t row = sinks;
  Slot* rows = rows_.data();
  size_t i = 0;
  uint32_t live = 0;  // the counted runs live in the state at `row` (its markers)
  while (i < length && spent <= allowed) {
    const uint32_t cls = program_->ClassOf(subject[i]);
    const uint32_t now = static_cast<uint32_t>(i++);
    size_t tops = 0;
    if (kCounting && live != 0) {
      spent += StepRuns(static_cast<uint32_t>(row / width), cls, now, scratch);
      tops = scratch->tops.size();
    }
    Slot* slot = rows + row + cls;
    if (slot->used != epoch_) {
      if (slot->next == kUnknown) {
        if (!Transition(static_cast<uint32_t>(row / width), cls, scratch)) {
          meter->spent = spent;
          return kOutOfMemory;
        }
        rows = rows_.data();  // may have moved
        slot = rows + row + cls;
      }
      slot->used = epoch_;
      spent += slot->cost;
    }
    const size_t taken = row + cls;
    row = slot->next;
    if (row < sinks) break;
    if (kCounting) {
      live = sides_[taken].markers;
      if (sides_[taken].entries != 0) spent += Enter(taken, now, scratch);
      if (tops == 0) continue;
      // A run's oldest thread reached its top: the state gets that thread,
      // and loses the run's marker if it was the last.
      const size_t classes = program_->class_count();
      for (size_t t = 0; t < tops; t++) {
        if (!Edit(&row, static_cast<uint32_t>(classes + 2 * scratch->tops[t]), now, scratch, &spent)) {
          meter->spent = spent;
          return kOutOfMemory;
        }
      }
      for (size_t t = 0; t < tops; t++) {
        const uint32_t r = scratch->tops[t];
        if (scratch->counters[r].size == 0 && !Edit(&row, static_cast<uint32_t>(classes + 2 * r + 1), now, scratch, &spent)) {
          meter->spent = spent;
          return kOutOfMemory;
        }
      }
      live = ends_[row / width].markers;
      rows = rows_.data();
    }
  }
  meter->spent = spent;
  if (spent > allowed) return kWorkLimit;
  if (row == kMatched * width) return kMatch;
  if (row < sinks) return kNoMatch;
  return AtEnd(static_cast<uint32_t>(row / width), scratch, meter);
}

// Before `state` reads code point `now` of class `cls`: each live run's
// threads read it, or all die; an oldest that reaches its run's top leaves
// the run for the state (Edit), listed in scratch->tops. Returns the work:
// a unit a live run.
uint32_t Dfa::StepRuns(uint32_t state, uint32_t cls, uint32_t now, Scratch* scratch) const {
  scratch->tops.Clear();
  const uint32_t markers = ends_[state].markers;
  if (markers == 0) return 0;
  const Program& program = *program_;
  const uint32_t* items = sets_.items(state) + sets_.size(state) - markers;
  for (uint32_t k = 0; k < markers; k++) {
    const uint32_t r = items[k] - static_cast<uint32_t>(program.size());
    const Program::CountedRun& run = program.counted_runs()[r];
    Scratch::Counter& counter = scratch->counters[r];
    if (!program.SetHoldsClass(run.set, cls)) {
      counter.size = 0;
    } else if (counter.size != 0 && now - scratch->ring[run.ring + counter.head] == run.length - 1) {
      counter.head = counter.head + 1 == run.length ? 0 : counter.head + 1;
      counter.size--;
      scratch->tops.Push(r);
    }
  }
  return markers;
}

// The threads that transition `slot` (taken on code point `now`) moves
// into counted runs, at their third instruction (Settle); returns the work:
// a unit a thread.
uint32_t Dfa::Enter(size_t slot, uint32_t now, Scratch* scratch) const {
  const uint32_t* list = entry_lists_.data() + sides_[slot].entries;
  const uint32_t count = list[0];
  for (uint32_t k = 1; k <= count; k++) {
    const Program::CountedRun& run = program_->counted_runs()[list[k]];
    Scratch::Counter& counter = scratch->counters[list[k]];
    // The newest thread, two copies in after reading this code point, would
    // have read none of the run before the previous one. Older threads are
    // further in: it goes last.
    uint32_t newest = counter.head + counter.size;
    if (newest >= run.length) newest -= run.length;
    scratch->ring[run.ring + newest] = now - 1;
    counter.size++;
  }
  return count;
}

// Takes edit slot `edit` of the state at `*row` (after code point `now`).
bool Dfa::Edit(size_t* row, uint32_t edit, uint32_t now, Scratch* scratch, int64_t* spent) {
  Slot* slot = rows_.data() + *row + edit;
  if (slot->used != epoch_) {
    if (slot->next == kUnknown) {
      if (!EditTransition(static_cast<uint32_t>(*row / width_), edit, scratch)) return false;
      slot = rows_.data() + *row + edit;
    }
    slot->used = epoch_;
    *spent += slot->cost;
  }
  *spent += Enter(*row + edit, now, scratch);
  *row = slot->next;
  return true;
}

// Computes edit `edit` of `state`: the run's top added, or its marker taken out.
bool Dfa::EditTransition(uint32_t state, uint32_t edit, Scratch* scratch) {
  const Program& program = *program_;
  const uint32_t r = (edit - program.class_count()) / 2;
  const bool top = (edit - program.class_count()) % 2 == 0;
  const uint32_t marker = static_cast<uint32_t>(program.size()) + r;
  Array<uint32_t>& next = scratch->next;
  next.Clear();
  const uint32_t* items = sets_.items(state);
  for (uint32_t k = 0; k < sets_.size(state); k++) {
    if (top || items[k] != marker) next.Push(items[k]);
  }
  if (top) next.Push(program.counted_runs()[r].first + program.counted_runs()[r].length);
  uint32_t target;
  uint32_t entries;
  if (!Settle(sets_.flags(state), scratch, &target, &entries)) return false;
  const size_t slot = state * width_ + edit;
  rows_[slot].next = static_cast<uint32_t>(target * width_);
  rows_[slot].cost = sets_.size(state) + BuildCost(target);
  sides_[slot] = Side{entries, ends_[target].markers};
  return true;
}

// Computes the transition from `state` on a code point of class `cls`.
bool Dfa::Transition(uint32_t state, uint32_t cls, Scratch* scratch) {
  const Program& program = *program_;
  const bool word = program.ClassIsWord(cls);
  const uint32_t markers = ends_[state].markers;
  {
    const uint32_t flags = sets_.flags(state);
    const Position at{(flags & kAtStart) != 0, false, (flags & kAfterWord) != 0, word};
    program.Closure(sets_.items(state), sets_.size(state) - markers, at, &scratch->reached, &scratch->stack);
  }
  uint32_t target = kDead;
  uint32_t entries = 0;
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
  if (target != kMatched) {
    // A live run stays while its threads read this code point (StepRuns).
    const uint32_t* live = sets_.items(state) + sets_.size(state) - markers;
    for (uint32_t k = 0; k < markers; k++) {
      const Program::CountedRun& run = program.counted_runs()[live[k] - program.size()];
      if (program.SetHoldsClass(run.set, cls)) next.Push(live[k]);
    }
    // An unanchored search may start a match at the next position too.
    if (!program.anchored()) next.Push(0);
    const uint32_t flags = program.uses_word_assertions() && word ? kAfterWord : 0;
    if (next.size() > 0 && !Settle(flags, scratch, &target, &entries)) return false;
  }
  const size_t slot = state * width_ + cls;
  rows_[slot].next = static_cast<uint32_t>(target * width_);
  rows_[slot].cost = static_cast<uint32_t>(scratch->reached.size()) + markers + BuildCost(target);
  if (sides_.size() != 0) sides_[slot] = Side{entries, ends_[target].markers};
  return true;
}

// The state of the threads in scratch->next (instructions and markers, in
// any order, repeats allowed) with `flags`: a thread at a counted run's
// third instruction or later becomes an entry into it (its list into
// `*entries`) and the run's marker (one at its first or second stays as
// it is, so a run that its threads rarely get far into costs nothing a
// code point); of a run's threads that Program::FindChains says the
// highest keeps, and of an optional repeat's (Program::FindOptionalRuns),
// only the one that keeps the others stays.
bool Dfa::Settle(uint32_t flags, Scratch* scratch, uint32_t* state, uint32_t* entries) {
  const Program& program = *program_;
  const uint32_t size = static_cast<uint32_t>(program.size());
  Array<uint32_t>& next = scratch->next;
  Array<uint32_t>& entered = scratch->entries;
  entered.Clear();
  for (size_t i = 0; i < next.size(); i++) {
    const uint32_t pc = next[i];
    const uint32_t r = pc < size ? program.run_of(pc) : Program::kNoRun;
    if (r == Program::kNoRun || pc < program.counted_runs()[r].first + 2) continue;
    entered.Push(r);
    next[i] = size + r;
  }
  std::sort(next.data(), next.data() + next.size());
  next.Resize(std::unique(next.data(), next.data() + next.size()) - next.data(), 0);
  size_t kept = 0;
  for (size_t i = 0; i < next.size(); i++) {
    const uint32_t pc = next[i];
    // A leading run's top may read any number of its set more, which no
    // other thread of the run it starts may (.{70}[0-9a]{2}): it stays.
    if (pc < size && program.lead_set(pc) == Program::kNoLead) {
      // Of a run's threads, the highest is all a state needs (Program::FindChains).
      if (i + 1 < next.size() && next[i + 1] <= program.chain_top(pc)) continue;
      // Of an optional repeat's, the lowest (Program::FindOptionalRuns).
      if (kept > 0 && next[kept - 1] >= program.optional_floor(pc)) continue;
    }
    next[kept++] = pc;
  }
  next.Resize(kept, 0);
  *entries = 0;
  if (entered.size() != 0) {
    std::sort(entered.data(), entered.data() + entered.size());
    entered.Resize(std::unique(entered.data(), entered.data() + entered.size()) - entered.data(), 0);
    *entries = static_cast<uint32_t>(entry_lists_.size());
    if (!entry_lists_.Push(static_cast<uint32_t>(entered.size()))) return false;
    for (size_t k = 0; k < entered.size(); k++) {
      if (!entry_lists_.Push(entered[k])) return false;
    }
  }
  return Intern(flags, next.data(), next.size(), state);
}

// Whether `state` holds a match when the subject ends there, and what finding out costs.
void Dfa::FindEnd(uint32_t state, Scratch* scratch) {
  End& end = ends_[state];
  if (end.cost != 0) return;
  const uint32_t flags = sets_.flags(state);
  const Position at{(flags & kAtStart) != 0, true, (flags & kAfterWord) != 0, false};
  // A counted run's threads need more code points: they never end a match.
  program_->Closure(sets_.items(state), sets_.size(state) - end.markers, at, &scratch->reached, &scratch->stack);
  // At least 1, which says it is known (a state of markers alone reaches nothing).
  end.cost = std::max<uint32_t>(static_cast<uint32_t>(scratch->reached.size()), 1);
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
  uint32_t markers = 0;
  while (markers < size && set[size - 1 - markers] >= program_->size()) markers++;
  // Row indices are 32-bit.
  return (*state + 1) * width_ < kUnknown && rows_.Resize((*state + 1) * width_, Slot{kUnknown, 0, 0}) &&
         (program_->counted_runs().size() == 0 || sides_.Resize((*state + 1) * width_, Side{0, 0})) &&
         ends_.Push(End{0, 0, markers, false});
}
