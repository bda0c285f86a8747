#pragma once

#include <pcre2.h>

#include <cstddef>
#include <cstdint>
#include <memory>

#include "dfa.h"

// PCRE2's library of one code unit width, named by the unit: uint32_t, the
// 32-bit library, which searches every subject as code points; uint8_t, the
// 8-bit library, which searches a one-byte subject (each character a code
// point up to U+00FF) where it lies, with no copy. Both run in non-UTF mode,
// so that each code unit is one code point (lone surrogates included) and no
// subject can be invalid UTF.
template <typename Unit>
struct Pcre2Library;
template <>
struct Pcre2Library<uint32_t> {
  using Code = pcre2_code_32;
  using MatchContext = pcre2_match_context_32;
  using MatchData = pcre2_match_data_32;
  using JitStack = pcre2_jit_stack_32;
};
template <>
struct Pcre2Library<uint8_t> {
  using Code = pcre2_code_8;
  using MatchContext = pcre2_match_context_8;
  using MatchData = pcre2_match_data_8;
  using JitStack = pcre2_jit_stack_8;
};

// A pattern compiled by PCRE2's library of width `Unit`; JIT-compiled where
// the platform allows.
template <typename Unit>
class Pcre2Code {
 public:
  using Code = typename Pcre2Library<Unit>::Code;
  // Returns nullptr and points `error` at a static message when the source
  // does not compile (it always should: src/pattern/pcre2-source.ts writes it)
  // or memory runs out. `anchored`: a match can start only at the start.
  static std::unique_ptr<Pcre2Code> Compile(const Unit* source, size_t length, bool anchored, const char** error);
  ~Pcre2Code();
  Pcre2Code(const Pcre2Code&) = delete;
  Pcre2Code& operator=(const Pcre2Code&) = delete;

  const Code* code() const { return code_; }
  bool jit() const { return jit_; }
  // The compiled pattern and its JIT code.
  size_t bytes() const { return bytes_; }

 private:
  Pcre2Code(Code* code, bool jit, size_t bytes) : code_(code), jit_(jit), bytes_(bytes) {}
  Code* code_;
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

// One environment's match state for one library: the match context, match
// data and JIT stack. Not thread-safe; each Node.js environment owns one of
// each width.
template <typename Unit>
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
  Outcome Match(const typename Pcre2Library<Unit>::Code* code, bool jit, const Unit* subject, size_t length,
                uint32_t steps);
  Outcome Match(const Pcre2Code<Unit>& code, const Unit* subject, size_t length, uint32_t steps) {
    return Match(code.code(), code.jit(), subject, length, steps);
  }

 private:
  using Library = Pcre2Library<Unit>;
  typename Library::MatchContext* context_ = nullptr;
  typename Library::MatchData* match_data_ = nullptr;
  typename Library::JitStack* jit_stack_ = nullptr;
};

// PCRE2's version, as it reports it ("10.47 2025-10-21").
const char* Pcre2Version();
bool Pcre2JitAvailable();
