#pragma once

#include <pcre2.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

struct CompileError {
  std::string message;
  size_t offset;  // in code points of the source
};

// A compiled PCRE2 pattern (32-bit library, non-UTF), JIT-compiled when the
// platform allows it.
class Pattern {
 public:
  // Returns nullptr and fills `error` when the source does not compile.
  static std::unique_ptr<Pattern> Compile(const uint32_t* source,
                                          size_t length, CompileError* error);
  ~Pattern();
  Pattern(const Pattern&) = delete;
  Pattern& operator=(const Pattern&) = delete;

  const pcre2_code* code() const { return code_; }
  bool jit() const { return jit_; }

 private:
  Pattern(pcre2_code* code, bool jit) : code_(code), jit_(jit) {}

  pcre2_code* code_;
  bool jit_;
};
