#pragma once

#include <node_api.h>

#include <cstddef>
#include <cstdint>
#include <memory>

#include "array.h"
#include "dfa.h"
#include "pcre2-pattern.h"
#include "program.h"
#include "string-reader.h"

class Pattern;

// What a PCRE2 search is charged, in the units a DFA search counts (one per
// kReadsPerUnit code units read): its proven steps, kStepsPerUnit to a unit.
// Measured on the patterns of real catalogs, a unit then takes about as long
// in either engine.
constexpr uint64_t kStepsPerUnit = 4;

// The slots of the shared work counter, which the addon exports by these
// names (workSlots) for src/pattern/native.ts (src/runtime/pass.ts counts
// the current pass's search work in it): what the current pass's searches
// may spend and have spent, the pass's number (a new one lets the
// environment trim its buffers), and a batch's size and answer.
enum WorkSlot : size_t { kAllowed, kSpent, kPass, kBatchSize, kBatchAnswer, kWorkSlots };

// The buffers JavaScript shares with one environment: the work counter
// (WorkSlot), and a batch of subjects with the searches to run on them.
struct Shared {
  double* work;  // kWorkSlots slots
  const char16_t* units;
  size_t unit_capacity;
  const uint32_t* jobs;  // [pattern id, first unit, length] per search
  size_t job_capacity;
};

// The searches an environment has run, by engine, and those that came
// through the fast-call function (native/fast-call/), by its two paths.
struct Searches {
  uint64_t pcre2 = 0;
  uint64_t dfa = 0;
  uint64_t pcre2_trips = 0;  // PCRE2's own limits stopped it, and the DFA answered
  uint64_t fast = 0;         // V8 called the fast C function: a flat one-byte subject, in place
  uint64_t slow = 0;         // V8 called its ordinary callback: any other string, or an unoptimized caller
};

// One Node.js environment's share of the addon (the main thread, or a
// worker): its patterns by id, match buffers, the work counter of its
// current validation, and the bound on the automaton states its patterns
// keep. The environment and each of its patterns own it together, since
// pattern finalizers may run after the environment's own at shutdown.
//
// Nothing here calls into V8 or Node-API, so that the fast-call function can
// search from inside optimized JavaScript: changes to the native memory
// patterns hold are added up and told to V8 by ReportMemory, which every
// Node-API function of the addon calls before it returns.
class Environment {
 public:
  explicit Environment(const Shared& shared) : shared_(shared), token_(NextToken()) {}
  bool Init() { return matcher_.Init() && one_byte_matcher_.Init(); }
  void Hold() { owners_++; }
  void Release();

  // The environment of the calling thread (set while its addon instance
  // lives), for the fast-call entry points, which get no other argument.
  static Environment* Current();
  void MakeCurrent();
  void StopBeingCurrent();

  // Gives the pattern an id that batches name it by; false if memory ran out.
  bool Add(Pattern* pattern);
  // Searches `pattern` for a subject of `length` characters, charging the
  // current validation: UTF-16 units (char16_t), or one-byte characters
  // (uint8_t), each a code point. Out of line, so that the fast call's
  // search, which falls back to it for a pattern without 8-bit code, stays
  // small.
  template <typename Char>
  [[gnu::noinline]] Outcome Search(Pattern* pattern, const Char* chars, size_t length);
  // The same, for the pattern with id `id` (kDropped for an id that names
  // none). A one-byte subject of a pattern with 8-bit code is searched
  // where it lies.
  Outcome SearchById(uint32_t id, const char16_t* units, size_t length);
  Outcome SearchById(uint32_t id, const uint8_t* chars, size_t length);
  // The fast-call shim's search of a one-byte subject (native/fast-entry.h):
  // SearchById on the calling thread's environment, counted as a fast call,
  // when it is the caller's (`token`); kForeign when it is not. Here, beside
  // SearchById, so that a search is one call from the shim.
  static int32_t SearchOneByteOf(uint32_t token, uint32_t id, const uint8_t* chars, size_t length);
  // Runs the first work[kBatchSize] searches of the shared batch, in order, up
  // to the first that does not match, and answers in work[kBatchAnswer]: -1 when all match,
  // else 4 × its index + its outcome + 2; -2 for a batch that names no
  // pattern or leaves the buffer.
  void SearchBatch();
  // Drops a pattern's cached states now.
  void Forget(Pattern* pattern);
  // Frees all a pattern holds now (nothing holds it any more): its states,
  // program and PCRE2 code. Searching it then answers kDropped.
  void Drop(Pattern* pattern);
  // The pattern is being freed.
  void Remove(Pattern* pattern);
  // Tells V8 how the native memory of this environment's patterns changed
  // since the last call, so that its collector frees unreachable patterns
  // when they are what fills memory.
  void ReportMemory(napi_env env);
  void Detach() { shared_ = Shared{}; }
  // This environment's number, distinct in the process (native/fast-entry.h).
  uint32_t token() const { return token_; }
  Searches& searches() { return searches_; }

  Scratch scratch;
  StringReader strings;

 private:
  ~Environment() = default;
  Pattern* Find(uint32_t id) const { return id < patterns_.size() ? patterns_[id].pattern : nullptr; }
  // The current validation's meter; a new validation first drops what the
  // last one left over its bounds (StartValidation).
  Meter StartSearches() {
    const double* work = shared_.work;
    const uint64_t validation = static_cast<uint64_t>(work[kPass]);
    if (validation != validation_) StartValidation(validation);
    return Meter{static_cast<int64_t>(work[kAllowed]), static_cast<int64_t>(work[kSpent]), validation};
  }
  // Out of line: kept out of the searches' own code, which it would weigh
  // down at every search for what runs once a validation.
  [[gnu::noinline]] void StartValidation(uint64_t validation);
  void EndSearches(const Meter& meter) { shared_.work[kSpent] = static_cast<double>(meter.spent); }
  // One search of a subject of characters (see Search), charged to `meter`.
  template <typename Char>
  Outcome SearchOne(Pattern* pattern, const Char* chars, size_t length, Meter* meter);
  // A DFA search of code points, charged to `meter`.
  Outcome SearchDfa(Pattern* pattern, const uint32_t* subject, size_t n, Meter* meter);
  // The DFA's answer for a one-byte subject PCRE2's limits stopped.
  Outcome SearchDfa(Pattern* pattern, const uint8_t* chars, size_t length, Meter* meter);
  void TrimOversized();
  void Changed(int64_t bytes) { unreported_ += bytes; }
  static uint32_t NextToken();

  Shared shared_;
  const uint32_t token_;
  Searches searches_;
  Pcre2Matcher<uint32_t> matcher_;
  Pcre2Matcher<uint8_t> one_byte_matcher_;
  Array<uint32_t> code_points_;  // a subject of one search, as the engines read it
  // A pattern, and what a search of a one-byte subject reads of it, in one
  // place: the fast call's searches read nothing else of the pattern when
  // it has 8-bit code (one_byte), one load from the id.
  struct Slot {
    Pattern* pattern;  // nullptr for a free id
    const Pcre2Code<uint8_t>::Code* one_byte;
    bool one_byte_jit;
    uint32_t steps;
  };
  void SetOneByte(Pattern* pattern);
  Array<Slot> patterns_;  // by id
  Array<uint32_t> free_ids_;
  size_t owners_ = 1;
  uint64_t validation_ = 0;
  size_t states_in_all_ = 0;
  // Patterns whose states passed the bounds during the current validation:
  // they are dropped when the next validation starts, never during one, so
  // that the work a validation is charged does not depend on when memory ran
  // over (native/dfa.h).
  Array<Pattern*> oversized_;
  int64_t unreported_ = 0;  // native memory gained since ReportMemory last ran
};

// A compiled pattern: its program and the DFA's cached states, and, when a
// backtracking search of it is proven linear (native/proof.h), its PCRE2
// code and the proof's steps per position: the 32-bit code for any subject,
// and the 8-bit code for one-byte subjects (the same pattern for the code
// points U+0000 to U+00FF; absent when it did not compile).
class Pattern {
 public:
  Pattern(std::unique_ptr<Program> program, std::unique_ptr<Pcre2Code<uint32_t>> pcre2,
          std::unique_ptr<Pcre2Code<uint8_t>> one_byte_pcre2, uint32_t steps, Environment* environment)
      : program_(std::move(program)),
        dfa_(program_.get()),
        pcre2_(std::move(pcre2)),
        one_byte_pcre2_(std::move(one_byte_pcre2)),
        steps_(steps),
        environment_(environment) {
    environment_->Hold();
  }
  ~Pattern() { environment_->Release(); }
  Pattern(const Pattern&) = delete;
  Pattern& operator=(const Pattern&) = delete;

  Environment* environment() const { return environment_; }
  uint32_t id() const { return id_; }
  // What it holds besides its cached states: its program and PCRE2's code.
  size_t compiled_bytes() const {
    return (program_ ? program_->bytes() : 0) + (pcre2_ ? pcre2_->bytes() : 0) +
           (one_byte_pcre2_ ? one_byte_pcre2_->bytes() : 0);
  }
  size_t program_size() const { return program_->size(); }

 private:
  friend class Environment;
  std::unique_ptr<Program> program_;
  Dfa dfa_;
  std::unique_ptr<Pcre2Code<uint32_t>> pcre2_;
  std::unique_ptr<Pcre2Code<uint8_t>> one_byte_pcre2_;
  uint32_t steps_;
  Environment* environment_;
  uint32_t id_ = 0;
  size_t states_bytes_ = 0;  // what dfa_ held after the last search
  bool oversized_ = false;
};
