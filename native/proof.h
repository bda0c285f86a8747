#pragma once

#include <cstdint>

#include "program.h"

// Whether a backtracking search of a program (PCRE2's) is linear: a proof,
// at compile time, that searching any subject of n code points, every start
// position included, takes at most k × (n + 1) steps for a k ≤ kMaxSteps.
//
// The search is modelled on the program of Σ*P: before every position a new
// attempt starts at instruction 0 (only before the first one when the
// program is anchored, and none once a match is reachable, since a
// backtracking search never tries a start after one that matches). A subset
// construction follows every attempt at once; each of its states says, for
// each instruction where a path waits to consume a code point, how many
// distinct paths wait there. At each position, the paths are followed
// through the instructions that consume nothing, and every instruction on
// every path is one step (a word boundary ten: PCRE2 spends about ten items
// on one), failing paths included: a backtracking matcher visits them all.
// The most steps any position of any subject can take is k. An empty loop
// makes a path endless and so k unbounded.
//
// Each position's steps are counted up to kMaxSteps + 1 and no further, so
// proving costs at most that per state and class; the construction stops,
// unproven, past kMaxStates states or kProofWork of work in all (an
// instruction visited or a transition taken is one: about 10 ns).
constexpr uint32_t kMaxSteps = 64;
constexpr uint32_t kMaxStates = 4096;
constexpr uint64_t kProofWork = uint64_t{1} << 20;
// What PCRE2 spends on a \b or \B, in steps.
constexpr uint32_t kWordAssertionSteps = 10;

struct Proof {
  bool linear;
  // The most steps at one position; at most kMaxSteps when linear, past it
  // (or 0, when the construction ran out of room) otherwise.
  uint32_t steps;
  // Why it is not linear, or nullptr.
  const char* reason;
  // What proving it cost: instructions visited and transitions taken.
  uint64_t work;
};

// Proves within `budget` of work (at most kProofWork): past a smaller budget
// the proof's work says so, and the caller, not the pattern, ran out.
Proof ProveLinear(const Program& program, uint64_t budget);
