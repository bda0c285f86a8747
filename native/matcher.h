#pragma once

#include <pcre2.h>

#include <cstddef>
#include <cstdint>
#include <memory>

#include "pattern.h"

enum Outcome : int32_t { kMatch = 1, kNoMatch = 0, kLimit = -1 };

constexpr uint32_t kMatchLimit = 1000000;

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

  pcre2_match_context* context_ = nullptr;
  pcre2_jit_stack* jit_stack_ = nullptr;
  pcre2_match_data* match_data_ = nullptr;
};
