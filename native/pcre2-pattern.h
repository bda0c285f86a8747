#pragma once

#include <pcre2.h>

#include <cstddef>
#include <cstdint>
#include <memory>

#include "dfa.h"

// A pattern compiled by PCRE2's 32-bit library in non-UTF mode, so that each
// code unit is one code point (lone surrogates included) and no subject can
// be invalid UTF; JIT-compiled where the platform allows.
class Pcre2Code {
 public:
  // Returns nullptr and points `error` at a static message when the source
  // does not compile (it always should: src/pattern/pcre2-source.ts writes it)
  // or memory runs out. `anchored`: a match can start only at the start.
  static std::unique_ptr<Pcre2Code> Compile(const uint32_t* source, size_t length, bool anchored,
                                            const char** error);
  ~Pcre2Code();
  Pcre2Code(const Pcre2Code&) = delete;
  Pcre2Code& operator=(const Pcre2Code&) = delete;

  const pcre2_code* code() const { return code_; }
  bool jit() const { return jit_; }
  // The compiled pattern and its JIT code.
  size_t bytes() const { return bytes_; }

 private:
  Pcre2Code(pcre2_code* code, bool jit, size_t bytes) : code_(code), jit_(jit), bytes_(bytes) {}
  pcre2_code* code_;
  bool jit_;
  size_t bytes_;
};

// The limits Pcre2Matcher::Match sets for a search of `length` code points
// proven to take at most `steps` a position (pcre2-pattern.cc says why each
// is sized so): the match limit, the interpreter's heap in KiB, the JIT
// stack in bytes.
struct Pcre2Limits {
  uint32_t match;
  uint32_t heap_kib;
  size_t jit_stack;
};
Pcre2Limits Pcre2LimitsFor(uint32_t steps, size_t length);

// One environment's match state: the match context, match data and JIT
// stack. Not thread-safe; each Node.js environment owns one.
class Pcre2Matcher {
 public:
  Pcre2Matcher() = default;
  ~Pcre2Matcher();
  Pcre2Matcher(const Pcre2Matcher&) = delete;
  Pcre2Matcher& operator=(const Pcre2Matcher&) = delete;

  bool Init();
  // Searches `subject` (code points) for a pattern proven to take at most
  // `steps` × (length + 1) steps (native/proof.h). PCRE2's own limits are
  // set in proportion: kMatch or kNoMatch, or kWorkLimit when one of them
  // stopped the match anyway (the caller then searches with the DFA).
  Outcome Match(const Pcre2Code& code, const uint32_t* subject, size_t length, uint32_t steps);

 private:
  pcre2_match_context* context_ = nullptr;
  pcre2_match_data* match_data_ = nullptr;
  pcre2_jit_stack* jit_stack_ = nullptr;
  pcre2_jit_stack* assigned_ = nullptr;  // the stack context_ names
};

// PCRE2's version, as it reports it ("10.47 2025-10-21").
const char* Pcre2Version();
bool Pcre2JitAvailable();
