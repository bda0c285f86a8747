#include "matcher.h"

namespace {
// The interpreter's limits; the JIT is bounded by kMatchLimit and its stack.
constexpr uint32_t kDepthLimit = 100000;
constexpr uint32_t kHeapLimitKiB = 32 * 1024;
constexpr size_t kJitStackStart = 32 * 1024;
// A group repeated n times needs about 24n bytes of JIT stack: 8 MiB lets
// `^(?:a|b)*$` run over about 350,000 characters before it is a LIMIT.
constexpr size_t kJitStackMax = 8 * 1024 * 1024;
}  // namespace

bool JitAvailable() {
  uint32_t jit = 0;
  return pcre2_config(PCRE2_CONFIG_JIT, &jit) == 0 && jit == 1;
}

std::unique_ptr<Matcher> Matcher::Create() {
  std::unique_ptr<Matcher> matcher(new Matcher());
  matcher->context_ = pcre2_match_context_create(nullptr);
  matcher->jit_stack_ = pcre2_jit_stack_create(kJitStackStart, kJitStackMax, nullptr);
  // One ovector pair: captures are off, and a match that would not fit still
  // returns 0, which counts as a match.
  matcher->match_data_ = pcre2_match_data_create(1, nullptr);
  if (matcher->context_ == nullptr || matcher->match_data_ == nullptr ||
      (JitAvailable() && matcher->jit_stack_ == nullptr)) {
    return nullptr;
  }
  pcre2_set_match_limit(matcher->context_, kMatchLimit);
  pcre2_set_depth_limit(matcher->context_, kDepthLimit);
  pcre2_set_heap_limit(matcher->context_, kHeapLimitKiB);
  pcre2_jit_stack_assign(matcher->context_, nullptr, matcher->jit_stack_);
  return matcher;
}

Matcher::~Matcher() {
  pcre2_match_data_free(match_data_);
  pcre2_jit_stack_free(jit_stack_);
  pcre2_match_context_free(context_);
}

// Reading the clock costs about 20 ns, so it is read every 16 attempts.
int Matcher::AtAttempt(pcre2_callout_block*, void* data) {
  Matcher* matcher = static_cast<Matcher*>(data);
  if ((++matcher->attempts_ & 15) != 0) return 0;
  return std::chrono::steady_clock::now() > matcher->deadline_ ? PCRE2_ERROR_CALLOUT : 0;
}

Outcome Matcher::Test(const Pattern& pattern, const uint32_t* subject,
                      size_t length) {
  // Without a callout function PCRE2 skips the callouts: short subjects pay
  // nothing for them.
  if (length > kTimedSubject) {
    deadline_ = std::chrono::steady_clock::now() + kMatchTimeLimit + kTimePerCodePoint * length;
    attempts_ = 0;
    pcre2_set_callout(context_, AtAttempt, this);
  } else {
    pcre2_set_callout(context_, nullptr, nullptr);
  }
  int rc = pattern.jit()
               ? pcre2_jit_match(pattern.code(), subject, length, 0, 0,
                                 match_data_, context_)
               : pcre2_match(pattern.code(), subject, length, 0, 0,
                             match_data_, context_);
  if (rc >= 0) return kMatch;
  return rc == PCRE2_ERROR_NOMATCH ? kNoMatch : kLimit;
}
