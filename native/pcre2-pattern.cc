#include "pcre2-pattern.h"

#include <algorithm>
#include <cstdlib>
#include <new>

namespace {

// PCRE2's functions for a library width (native/pcre2-pattern.h).
#define PCRE2_FUNCTIONS(W)                                                         \
  using GeneralContext = pcre2_general_context_##W;                                \
  using CompileContext = pcre2_compile_context_##W;                                \
  static constexpr auto general_context_create = pcre2_general_context_create_##W; \
  static constexpr auto general_context_free = pcre2_general_context_free_##W;     \
  static constexpr auto compile_context_create = pcre2_compile_context_create_##W; \
  static constexpr auto compile = pcre2_compile_##W;                               \
  static constexpr auto jit_compile = pcre2_jit_compile_##W;                       \
  static constexpr auto pattern_info = pcre2_pattern_info_##W;                     \
  static constexpr auto code_free = pcre2_code_free_##W;                           \
  static constexpr auto match_context_create = pcre2_match_context_create_##W;     \
  static constexpr auto match_context_free = pcre2_match_context_free_##W;         \
  static constexpr auto match_data_create = pcre2_match_data_create_##W;           \
  static constexpr auto match_data_free = pcre2_match_data_free_##W;               \
  static constexpr auto jit_stack_create = pcre2_jit_stack_create_##W;             \
  static constexpr auto jit_stack_free = pcre2_jit_stack_free_##W;                 \
  static constexpr auto jit_stack_assign = pcre2_jit_stack_assign_##W;             \
  static constexpr auto set_match_limit = pcre2_set_match_limit_##W;               \
  static constexpr auto set_depth_limit = pcre2_set_depth_limit_##W;               \
  static constexpr auto set_heap_limit = pcre2_set_heap_limit_##W;                 \
  static constexpr auto match = pcre2_match_##W;                                   \
  static constexpr auto jit_match = pcre2_jit_match_##W;
template <typename Unit>
struct Api;
template <>
struct Api<uint32_t> {
  PCRE2_FUNCTIONS(32)
};
template <>
struct Api<uint8_t> {
  PCRE2_FUNCTIONS(8)
};
#undef PCRE2_FUNCTIONS

// No UTF mode (see Pcre2Code); captures are never read. The NEVER_*
// options refuse (*UTF), (*UCP) and \C, though the source writer never
// emits them. NO_START_OPTIMIZE: PCRE2's JIT in 32-bit non-UTF mode skips
// real match positions after its start-of-match scan on some patterns with
// classes above U+00FF, on 10.42 and on 10.47 (`(?:|A)[^\x{0}-\x{FF}]` finds
// no match in "\x{100}", where the interpreter finds one;
// test/package/vendored-pcre2.test.ts). On 10.47 the cases found need a class that
// runs to the last 32-bit code unit, which the written source never has, but
// the option stays: without the start optimizations every start position is
// tried, as the proof of linearity assumes, and the answers equal
// ECMAScript's. The 8-bit library compiles with the same options.
constexpr uint32_t kOptions = PCRE2_NO_AUTO_CAPTURE | PCRE2_ALLOW_EMPTY_CLASS | PCRE2_DOLLAR_ENDONLY |
                              PCRE2_NEVER_UTF | PCRE2_NEVER_UCP | PCRE2_NEVER_BACKSLASH_C |
                              PCRE2_NO_START_OPTIMIZE;

// A compiled pattern may take at most this much memory: PCRE2 computes its
// length first and allocates it in one block, so refusing a large block
// bounds a compile before it writes anything (the pattern is then left to
// the DFA, or for the 8-bit library, to the 32-bit one). The 8-bit library
// has 16-bit links (deps/pcre2/config.h): a compiled form past 64 KiB does
// not compile there either.
constexpr PCRE2_SIZE kMaxCompiledBytes = 16 * 1024 * 1024;

void* BoundedMalloc(PCRE2_SIZE size, void*) { return size > kMaxCompiledBytes ? nullptr : std::malloc(size); }
void Free(void* block, void*) { std::free(block); }

// Shared by every thread: PCRE2 only reads a compile context.
template <typename Unit>
typename Api<Unit>::CompileContext* BoundedContext() {
  static typename Api<Unit>::CompileContext* context = [] {
    typename Api<Unit>::GeneralContext* general = Api<Unit>::general_context_create(BoundedMalloc, Free, nullptr);
    typename Api<Unit>::CompileContext* compile = Api<Unit>::compile_context_create(general);
    Api<Unit>::general_context_free(general);  // the compile context copied it
    return compile;
  }();
  return context;
}

// PCRE2's limits, a belt under the proof: the match limit counts
// backtracking, not the characters a repeat scans, so it stops runaway
// backtracking but not every quadratic scan; the proof and the charge before
// each search are the bound. A proven pattern needs
// about 2 match-limit counts per proven step (measured on real catalog
// patterns and random proven ones, JIT and interpreter); four times that,
// plus a floor, leaves room without letting an unproven one run long.
constexpr uint64_t kMatchLimitPerStep = 4;
constexpr uint64_t kMatchLimitFloor = 4096;
// The interpreter keeps its backtracking frames on the heap: about 192
// bytes a position, plus 128 for each group nested in a loop, and a proven
// pattern keeps at most about one frame a step, so 64 bytes a step leaves
// room (a group nested twice in a loop, k = 13, needs 384 bytes a position).
constexpr uint64_t kHeapKiBFloor = 1024;
constexpr uint64_t kHeapBytesPerStep = 64;
// The JIT stack: each backtracking frame a match keeps takes 16 to 24 bytes,
// and a proven pattern keeps at most about one a step, so k steps a
// position need up to about 24k bytes a code point (a group repeated n times
// 24 bytes a repeat; eight optional groups in a repeat, k = 29, 136 bytes).
// A match gets 1 MiB plus 32k bytes a code point: the environment's shared
// stack when that fits in it, else one of its own for the one match.
constexpr size_t kJitStackStart = 32 * 1024;
constexpr size_t kJitStackBase = 1024 * 1024;
constexpr size_t kJitStackShared = 4 * 1024 * 1024;
constexpr size_t kJitStackPerStep = 32;
constexpr size_t kJitStackMax = size_t{1} << 30;

}  // namespace

template <typename Unit>
std::unique_ptr<Pcre2Code<Unit>> Pcre2Code<Unit>::Compile(const Unit* source, size_t length, bool anchored,
                                                          const char** error) {
  using Api = Api<Unit>;
  typename Api::CompileContext* context = BoundedContext<Unit>();
  if (context == nullptr) {
    *error = "PCRE2 could not allocate its compile context";
    return nullptr;
  }
  // An empty typed array may have no data at all; PCRE2 refuses a null pattern.
  static const Unit kEmpty = 0;
  if (length == 0) source = &kEmpty;
  int code;
  PCRE2_SIZE offset;
  Code* compiled = Api::compile(source, length, kOptions | (anchored ? PCRE2_ANCHORED : 0), &code, &offset, context);
  if (compiled == nullptr) {
    *error = code == PCRE2_ERROR_HEAP_FAILED ? "PCRE2's compiled form would take more than 16 MiB"
                                             : "PCRE2 refused the translated pattern";
    return nullptr;
  }
  // pcre2_jit_compile returns 0 for a (*NO_JIT) source too without making
  // JIT code, so ask whether the code exists. Without it, pcre2_match
  // interprets the pattern under the same limits.
  size_t size = 0, jit_size = 0;
  const bool jit = Api::jit_compile(compiled, PCRE2_JIT_COMPLETE) == 0 &&
                   Api::pattern_info(compiled, PCRE2_INFO_JITSIZE, &jit_size) == 0 && jit_size > 0;
  Api::pattern_info(compiled, PCRE2_INFO_SIZE, &size);
  std::unique_ptr<Pcre2Code> result(new (std::nothrow) Pcre2Code(compiled, jit, size + jit_size));
  if (!result) {
    Api::code_free(compiled);
    *error = "out of memory";
  }
  return result;
}

template <typename Unit>
Pcre2Code<Unit>::~Pcre2Code() {
  Api<Unit>::code_free(code_);
}

template <typename Unit>
bool Pcre2Matcher<Unit>::Init() {
  context_ = Api<Unit>::match_context_create(nullptr);
  // One ovector pair: captures are off, and a match that would not fit
  // still returns 0, which counts as a match.
  match_data_ = Api<Unit>::match_data_create(1, nullptr);
  jit_stack_ = Pcre2JitAvailable() ? Api<Unit>::jit_stack_create(kJitStackStart, kJitStackShared, nullptr) : nullptr;
  if (context_ == nullptr || match_data_ == nullptr || (jit_stack_ == nullptr && Pcre2JitAvailable())) return false;
  // The context names the shared stack between searches: a search that
  // needs a larger one names it back when it ends.
  if (jit_stack_ != nullptr) Api<Unit>::jit_stack_assign(context_, nullptr, jit_stack_);
  return true;
}

template <typename Unit>
Pcre2Matcher<Unit>::~Pcre2Matcher() {
  Api<Unit>::match_data_free(match_data_);
  Api<Unit>::jit_stack_free(jit_stack_);
  Api<Unit>::match_context_free(context_);
}

Pcre2Limits Pcre2LimitsFor(uint32_t steps, size_t length) {
  const uint64_t positions = uint64_t{length} + 1;
  return {static_cast<uint32_t>(std::min<uint64_t>(kMatchLimitPerStep * steps * positions + kMatchLimitFloor, UINT32_MAX)),
          static_cast<uint32_t>(std::min<uint64_t>(kHeapKiBFloor + positions * steps * kHeapBytesPerStep / 1024, UINT32_MAX)),
          static_cast<size_t>(std::min<uint64_t>(kJitStackBase + positions * steps * kJitStackPerStep, kJitStackMax))};
}

template <typename Unit>
Outcome Pcre2Matcher<Unit>::Match(const typename Pcre2Library<Unit>::Code* code, bool jit, const Unit* subject,
                                  size_t length, uint32_t steps) {
  using Api = Api<Unit>;
  const Pcre2Limits limits = Pcre2LimitsFor(steps, length);
  Api::set_match_limit(context_, limits.match);
  int rc;
  if (!jit) {
    // Only the interpreter reads these.
    Api::set_depth_limit(context_, limits.match);
    Api::set_heap_limit(context_, limits.heap_kib);
    rc = Api::match(code, subject, length, 0, 0, match_data_, context_);
  } else if (limits.jit_stack <= kJitStackShared) {
    rc = Api::jit_match(code, subject, length, 0, 0, match_data_, context_);
  } else {
    typename Library::JitStack* stack = Api::jit_stack_create(kJitStackStart, limits.jit_stack, nullptr);
    if (stack == nullptr) return kWorkLimit;
    Api::jit_stack_assign(context_, nullptr, stack);
    rc = Api::jit_match(code, subject, length, 0, 0, match_data_, context_);
    Api::jit_stack_free(stack);
    Api::jit_stack_assign(context_, nullptr, jit_stack_);
  }
  return rc >= 0 ? kMatch : rc == PCRE2_ERROR_NOMATCH ? kNoMatch : kWorkLimit;
}

template class Pcre2Code<uint32_t>;
template class Pcre2Code<uint8_t>;
template class Pcre2Matcher<uint32_t>;
template class Pcre2Matcher<uint8_t>;

namespace {
struct Version {
  char text[64] = {};
  Version() {
    uint32_t units[sizeof text] = {};
    // The length includes the NUL; the version is ASCII.
    const int length = pcre2_config_32(PCRE2_CONFIG_VERSION, units);
    for (int i = 0; i + 1 < length && i + 1 < static_cast<int>(sizeof text); i++) text[i] = static_cast<char>(units[i]);
  }
};
}  // namespace

const char* Pcre2Version() {
  static const Version version;  // initialized once, thread-safely
  return version.text;
}

bool Pcre2JitAvailable() {
  uint32_t jit = 0;
  return pcre2_config_32(PCRE2_CONFIG_JIT, &jit) == 0 && jit == 1;
}
