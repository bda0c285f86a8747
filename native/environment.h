#pragma once

#include <node_api.h>

#include <cstddef>
#include <cstdint>
#include <memory>

#include "array.h"
#include "dfa.h"
#include "program.h"
#include "string-reader.h"

class Pattern;

// One Node.js environment's share of the addon (the main thread, or a
// worker): match buffers, the work counter of its current validation, and
// the bound on the automaton states its patterns keep. The environment and
// each of its patterns own it together, since pattern finalizers may run
// after the environment's own at shutdown.
class Environment {
 public:
  // [allowed, spent, validation]: JavaScript sets the allowance before each
  // search and numbers the validations (src/pattern/native.ts).
  explicit Environment(double* work) : work_(work) {}
  void Hold() { owners_++; }
  void Release();

  // Searches `pattern`, charging the current validation.
  Outcome Search(napi_env env, Pattern* pattern, const char16_t* subject, size_t length);
  // Drops a pattern's cached states now.
  void Forget(napi_env env, Pattern* pattern);
  // The pattern is being freed.
  void Remove(napi_env env, Pattern* pattern);
  void Detach() { work_ = nullptr; }

  Scratch scratch;
  StringReader strings;

 private:
  ~Environment() = default;
  void TrimOversized(napi_env env);

  double* work_;
  size_t owners_ = 1;
  uint64_t validation_ = 0;
  size_t states_in_all_ = 0;
  // Patterns whose states passed the bounds during the current validation:
  // they are dropped when the next validation starts, never during one, so
  // that the work a validation is charged does not depend on when memory ran
  // over (native/dfa.h).
  Array<Pattern*> oversized_;
};

// A compiled pattern: its program, the DFA's cached states, and what of them
// has been reported to V8.
class Pattern {
 public:
  Pattern(std::unique_ptr<Program> program, Environment* environment)
      : program_(std::move(program)), dfa_(program_.get()), environment_(environment) {
    environment_->Hold();
  }
  ~Pattern() { environment_->Release(); }
  Pattern(const Pattern&) = delete;
  Pattern& operator=(const Pattern&) = delete;

  Environment* environment() const { return environment_; }
  size_t program_bytes() const { return program_->bytes(); }
  size_t program_size() const { return program_->size(); }

 private:
  friend class Environment;
  std::unique_ptr<Program> program_;
  Dfa dfa_;
  Environment* environment_;
  size_t states_bytes_ = 0;  // what dfa_ held after the last search
  bool oversized_ = false;
};
