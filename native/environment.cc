#include "environment.h"

namespace {

// A pattern keeps at most kKeptStates of cached states from one validation
// to the next, and all patterns of an environment kStatesInAll together;
// past that, states are dropped when the next validation starts and rebuilt
// as needed. Within a validation they are bounded by its counted work.
constexpr size_t kKeptStates = 1 << 20;
constexpr size_t kStatesInAll = 64 << 20;

// Keeps V8's view of native memory true, so that its collector frees
// unreachable patterns when they are what fills memory.
void Report(napi_env env, int64_t change) {
  int64_t ignored;
  if (change != 0) napi_adjust_external_memory(env, change, &ignored);
}

}  // namespace

void Environment::Release() {
  if (--owners_ == 0) delete this;
}

Outcome Environment::Search(napi_env env, Pattern* pattern, const char16_t* subject, size_t length) {
  double* work = work_;
  const uint64_t validation = static_cast<uint64_t>(work[2]);
  if (validation != validation_) {
    validation_ = validation;
    TrimOversized(env);
    // Kept for every search of one validation: growing the buffers of a
    // large program costs in proportion to its size, which a validation
    // pays once, not once per string.
    scratch.Trim();
  }
  Meter meter{static_cast<int64_t>(work[0]), static_cast<int64_t>(work[1]), validation};
  const Outcome outcome = pattern->dfa_.Test(subject, length, &scratch, &meter);
  work[1] = static_cast<double>(meter.spent);

  const size_t bytes = pattern->dfa_.bytes();
  states_in_all_ += bytes - pattern->states_bytes_;
  Report(env, static_cast<int64_t>(bytes) - static_cast<int64_t>(pattern->states_bytes_));
  pattern->states_bytes_ = bytes;
  if (!pattern->oversized_ && (bytes > kKeptStates || states_in_all_ > kStatesInAll) &&
      oversized_.Push(pattern)) {
    pattern->oversized_ = true;
  }
  return outcome;
}

void Environment::TrimOversized(napi_env env) {
  for (size_t i = 0; i < oversized_.size(); i++) {
    oversized_[i]->oversized_ = false;
    Forget(env, oversized_[i]);
  }
  oversized_.Clear();
}

void Environment::Forget(napi_env env, Pattern* pattern) {
  pattern->dfa_.Clear();
  states_in_all_ -= pattern->states_bytes_;
  Report(env, -static_cast<int64_t>(pattern->states_bytes_));
  pattern->states_bytes_ = 0;
}

void Environment::Remove(napi_env env, Pattern* pattern) {
  for (size_t i = 0; pattern->oversized_ && i < oversized_.size(); i++) {
    if (oversized_[i] != pattern) continue;
    oversized_[i] = oversized_[oversized_.size() - 1];
    oversized_.Pop();
    pattern->oversized_ = false;
  }
  states_in_all_ -= pattern->states_bytes_;
  Report(env, -static_cast<int64_t>(pattern->program_bytes() + pattern->states_bytes_));
}
