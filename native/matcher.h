#pragma once

#include <pcre2.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "pattern.h"

enum Outcome : int32_t { kMatch = 1, kNoMatch = 0, kLimit = -1 };

constexpr uint32_t kMatchLimit = 1000000;

// PCRE2's match limit counts backtracking, not characters read: an
// unanchored pattern whose repeat scans ahead and then fails costs O(n) at
// each of n start positions, and none of it counts (`[a-z]*0` on 100,000
// a's: 11 s). Such patterns are compiled with a callout at the start of each
// attempt (pattern.ts); on subjects longer than kTimedSubject the callout
// ends the match once it has run for kMatchTimeLimit plus kTimePerCodePoint
// for each code point: a linear scan always finishes well within that, a
// quadratic one is cut off after about as long.
constexpr size_t kTimedSubject = 4096;
constexpr std::chrono::milliseconds kMatchTimeLimit{20};
constexpr std::chrono::nanoseconds kTimePerCodePoint{50};

bool JitAvailable();

// One environment's match state: limits, JIT stack and match data. Not
// thread-safe; each Node.js environment (main thread, worker) owns one.
class Matcher {
 public:
  // Returns nullptr if PCRE2 cannot allocate its state.
  static std::unique_ptr<Matcher> Create();
  ~Matcher();
  Matcher(const Matcher&) = delete;
  Matcher& operator=(const Matcher&) = delete;

  Outcome Test(const Pattern& pattern, const uint32_t* subject, size_t length);

 private:
  Matcher() = default;
  static int AtAttempt(pcre2_callout_block* block, void* matcher);

  pcre2_match_context* context_ = nullptr;
  std::chrono::steady_clock::time_point deadline_;
  uint32_t attempts_ = 0;
  pcre2_jit_stack* jit_stack_ = nullptr;
  pcre2_match_data* match_data_ = nullptr;
};
