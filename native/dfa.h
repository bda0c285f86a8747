#pragma once

#include <cstddef>
#include <cstdint>

#include "array.h"
#include "interned-sets.h"
#include "program.h"

enum Outcome : int32_t { kMatch = 1, kNoMatch = 0, kWorkLimit = -1, kOutOfMemory = -2, kDropped = -3 };

// Counted work, not time: what one validation may spend reading subjects and
// building automaton states, the same on an idle and on a loaded machine.
// The allowance is JavaScript's to set (src/pattern/native.ts); every
// search is charged one unit for every kReadsPerUnit code units of its
// subject (native/environment.cc), and a DFA search what it builds (see Dfa).
constexpr int64_t kReadsPerUnit = 4;

struct Meter {
  int64_t allowed;
  int64_t spent;
  // The validation the searches belong to: work done for one search is free
  // for the next ones of the same validation.
  uint64_t validation;
  bool Charge(uint64_t work) {
    spent += static_cast<int64_t>(work);
    return spent <= allowed;
  }
};

// Buffers for building states and for one search's counted runs, shared by
// every pattern of one environment.
class Scratch {
 public:
  // Room for `program`; false if memory ran out.
  bool Fit(const Program& program);
  // Frees buffers that a large program grew.
  void Trim();

  SparseSet reached;
  Array<uint32_t> stack;
  Array<uint32_t> next;
  Array<uint32_t> entries;
  // The threads of each counted run (Program::CountedRun) as a queue of
  // the positions where each would have read none of the run, oldest first:
  // one reading a code point of the run's set moves them all one copy on.
  struct Counter {
    uint32_t head;
    uint32_t size;
  };
  Array<Counter> counters;
  Array<uint32_t> ring;
  Array<uint32_t> tops;  // the runs whose oldest thread reached its top on this code point

 private:
  size_t size_ = 0;
};

// A lazily built DFA over a Program: each state is the set of instructions
// the NFA can be at after some prefix of the subject, built the first time a
// search needs it and cached for later searches. A search is one left to
// right pass (the NFA restarts at every position inside the states), so its
// time is linear in the subject once the states exist.
//
// Work is charged so that it does not depend on what earlier validations
// left in the cache: the first time a validation takes a transition it pays
// what computing it costs (the closure it needs, and building the state it
// leads to: its row and its set), whether or not an earlier validation cached
// it; later searches of the same validation take it for free, as they would
// on a cold cache. So a validation's work, and whether it runs out, is a
// function of the pattern and the subjects alone, and the time and memory it
// takes are proportional to that work.
//
// A counted run (Program::CountedRun) is one marker in a state, and its
// threads are the search's own data (Scratch::Counter): a state with live
// runs costs a unit a code point for each, and one more for each thread
// that enters one, and what a run's threads do that the state cannot know
// (the oldest reaching the run's top, the last leaving) is an edit of the
// state, a transition of its own row: a.{2000}b over a million a is a few
// states built once and 2 units a code point, where a state per set of
// threads was about n² units.
class Dfa {
 public:
  explicit Dfa(const Program* program)
      : program_(program), width_(program->class_count() + 2 * program->counted_runs().size()) {}
  Dfa(const Dfa&) = delete;
  Dfa& operator=(const Dfa&) = delete;

  // ECMAScript's search: does the pattern match anywhere in the subject?
  // The subject is code points (a lone surrogate is one).
  Outcome Test(const uint32_t* subject, size_t length, Scratch* scratch, Meter* meter);

  // Memory held by the cached states.
  size_t bytes() const;
  // Drops every cached state.
  void Clear();

 private:
  static constexpr uint32_t kDead = 0;
  static constexpr uint32_t kMatched = 1;
  static constexpr uint32_t kInitial = 2;
  static constexpr uint32_t kUnknown = UINT32_MAX;
  static constexpr uint32_t kAtStart = 1;
  static constexpr uint32_t kAfterWord = 2;
  // The sinks' flags, which no other state has.
  static constexpr uint32_t kDeadFlags = 4;
  static constexpr uint32_t kMatchedFlags = 8;
  static constexpr uint64_t kNoValidation = UINT64_MAX;

  // What a state knows of the end of the subject; its instructions and
  // flags are in sets_, under the same index.
  struct End {
    uint32_t cost;  // 0 until known
    uint32_t ended;  // epoch of the last validation that ended a search here
    uint32_t markers;  // the counted runs' markers, last in its set
    bool accepts;
  };
  struct Slot {
    uint32_t next;  // the row of the state after a code point of this class, or kUnknown
    uint32_t used;  // epoch of the last validation that took this transition
    uint32_t cost;  // what computing it costs
  };

  template <bool kCounting>
  Outcome Search(const uint32_t* subject, size_t length, Scratch* scratch, Meter* meter);
  bool Start();
  void NextEpoch();
  uint32_t BuildCost(uint32_t state) const;
  bool Transition(uint32_t state, uint32_t cls, Scratch* scratch);
  // The counted runs' side of a search (see the class comment).
  uint32_t StepRuns(uint32_t state, uint32_t cls, uint32_t now, Scratch* scratch) const;
  uint32_t Enter(size_t slot, uint32_t now, Scratch* scratch) const;
  bool Edit(size_t* row, uint32_t edit, uint32_t now, Scratch* scratch, int64_t* spent);
  bool EditTransition(uint32_t state, uint32_t edit, Scratch* scratch);
  bool Settle(uint32_t flags, Scratch* scratch, uint32_t* state, uint32_t* entries);
  void FindEnd(uint32_t state, Scratch* scratch);
  Outcome AtEnd(uint32_t state, Scratch* scratch, Meter* meter);
  bool Intern(uint32_t flags, const uint32_t* set, size_t size, uint32_t* state);

  const Program* program_;
  // Slots a row: a class each, then two for each counted run: its oldest
  // thread reached its top, its last thread left.
  const size_t width_;
  uint32_t epoch_ = 0;  // one per validation that searched with this DFA; slots start at 0
  uint64_t validation_ = kNoValidation;  // the validation of the last search
  InternedSets<uint32_t> sets_;  // each state's instructions, ascending, and flags
  Array<End> ends_;
  Array<Slot> rows_;  // width_ slots per state
  // With counted runs, for each slot: its threads moving into a run
  // (Settle), an index into entry_lists_ of [count, run...], 0 for none;
  // and its target's markers, so that a search where no run is live reads
  // no state's set.
  struct Side {
    uint32_t entries;
    uint32_t markers;
  };
  Array<Side> sides_;
  Array<uint32_t> entry_lists_;
};
