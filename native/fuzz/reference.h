#pragma once

// What the fuzzer holds native/program.h and native/dfa.h to, written the
// plainest way and sharing no code with them: the encoding's rules, and
// ECMAScript's search as a set-based NFA simulation over code points, tried
// from every start position.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "../program.h"

namespace reference {

struct Range {
  uint32_t from, to;
};

// A program as plain values, before encoding or after decoding.
struct Source {
  std::vector<std::vector<Range>> sets;
  std::vector<Instruction> code;
};

inline std::vector<uint32_t> Encode(const Source& source) {
  std::vector<uint32_t> words{static_cast<uint32_t>(source.sets.size())};
  for (const auto& set : source.sets) {
    words.push_back(static_cast<uint32_t>(set.size()));
    for (const Range& range : set) {
      words.push_back(range.from);
      words.push_back(range.to);
    }
  }
  words.push_back(static_cast<uint32_t>(source.code.size()));
  for (const Instruction& inst : source.code) {
    words.push_back(inst.op);
    words.push_back(inst.x);
    words.push_back(inst.y);
  }
  return words;
}

// False for any word sequence that breaks program.h's encoding rules.
inline bool Decode(const std::vector<uint32_t>& words, Source* out) {
  size_t at = 0;
  auto next = [&](uint32_t* value) {
    if (at >= words.size()) return false;
    *value = words[at++];
    return true;
  };
  *out = Source();
  uint32_t set_count, range_count, from, to, n;
  if (!next(&set_count)) return false;
  for (uint32_t s = 0; s < set_count; s++) {
    if (!next(&range_count)) return false;
    std::vector<Range> set;
    for (uint32_t r = 0; r < range_count; r++) {
      if (!next(&from) || !next(&to)) return false;
      if (from > to || to > kMaxCodePoint || (!set.empty() && from <= set.back().to)) return false;
      set.push_back({from, to});
    }
    out->sets.push_back(set);
  }
  if (!next(&n) || n == 0 || n > kMaxInstructions || words.size() - at != 3 * size_t{n}) {
    return false;
  }
  for (uint32_t pc = 0; pc < n; pc++) {
    Instruction inst;
    next(&inst.op);
    next(&inst.x);
    next(&inst.y);
    const bool has_next = pc + 1 < n;
    bool valid = (inst.op == kChar && inst.x < set_count && has_next) ||
                 (inst.op == kSplit && inst.x < n && inst.y < n) ||
                 (inst.op == kJump && inst.x < n) ||
                 (inst.op == kAssert && inst.x <= 3 && has_next) || inst.op == kAccept;
    if (!valid) return false;
    out->code.push_back(inst);
  }
  return true;
}

// A surrogate pair is one code point; a lone surrogate is one on its own.
inline std::vector<uint32_t> CodePoints(const std::u16string& units) {
  std::vector<uint32_t> out;
  for (size_t i = 0; i < units.size(); i++) {
    uint32_t c = units[i];
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < units.size() && units[i + 1] >= 0xDC00 &&
        units[i + 1] <= 0xDFFF) {
      c = 0x10000 + (c - 0xD800) * 0x400 + (units[++i] - 0xDC00);
    }
    out.push_back(c);
  }
  return out;
}

inline bool IsWord(uint32_t c) {
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || c == '_' || (c >= 'a' && c <= 'z');
}

// Assertion `kind` at position `p`, between text[p - 1] and text[p].
inline bool Holds(uint32_t kind, const std::vector<uint32_t>& text, size_t p) {
  const bool before = p > 0 && IsWord(text[p - 1]);
  const bool after = p < text.size() && IsWord(text[p]);
  switch (kind) {
    case 0:
      return p == 0;
    case 1:
      return p == text.size();
    case 2:
      return before != after;
    default:
      return before == after;
  }
}

inline bool InSet(const std::vector<Range>& set, uint32_t c) {
  for (const Range& range : set) {
    if (c >= range.from && c <= range.to) return true;
  }
  return false;
}

// Marks every instruction reachable from `pending` at position p without
// consuming a code point.
inline std::vector<bool> Closure(const Source& source, std::vector<uint32_t> pending,
                                 const std::vector<uint32_t>& text, size_t p) {
  std::vector<bool> seen(source.code.size(), false);
  while (!pending.empty()) {
    const uint32_t pc = pending.back();
    pending.pop_back();
    if (seen[pc]) continue;
    seen[pc] = true;
    const Instruction& inst = source.code[pc];
    if (inst.op == kSplit) {
      pending.push_back(inst.x);
      pending.push_back(inst.y);
    } else if (inst.op == kJump) {
      pending.push_back(inst.x);
    } else if (inst.op == kAssert && Holds(inst.x, text, p)) {
      pending.push_back(pc + 1);
    }
  }
  return seen;
}

// ECMAScript's search over code points (a lone surrogate is one): does a
// match start at some position?
inline bool Test(const Source& source, const std::vector<uint32_t>& text) {
  for (size_t start = 0; start <= text.size(); start++) {
    std::vector<uint32_t> current{0};
    for (size_t p = start; !current.empty(); p++) {
      const std::vector<bool> reached = Closure(source, current, text, p);
      current.clear();
      for (uint32_t pc = 0; pc < source.code.size(); pc++) {
        if (!reached[pc]) continue;
        const Instruction& inst = source.code[pc];
        if (inst.op == kAccept) return true;
        if (inst.op == kChar && p < text.size() && InSet(source.sets[inst.x], text[p])) {
          current.push_back(pc + 1);
        }
      }
    }
  }
  return false;
}

// The same over UTF-16 units, read as the `u` flag reads them.
inline bool Test(const Source& source, const std::u16string& subject) { return Test(source, CodePoints(subject)); }

}  // namespace reference
