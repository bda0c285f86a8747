#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

// The fuzzer's input format: `source NUL subject`, each read as generalized
// UTF-8 into UTF-16 units. Overlong forms are accepted (C0 80 is a NUL inside
// a part), encoded surrogates become lone surrogates (ED A0 80 is U+D800), and
// every byte that starts no sequence becomes the lone surrogate U+DC00 + byte,
// so every byte string is an input and every UTF-16 string can be written.
struct FuzzInput {
  std::vector<char16_t> source;
  std::vector<char16_t> subject;
};

namespace fuzz_input {

inline bool Continuation(const uint8_t* data, size_t size, size_t at) {
  return at < size && (data[at] & 0xC0) == 0x80;
}

inline std::vector<char16_t> Decode(const uint8_t* data, size_t size) {
  std::vector<char16_t> out;
  for (size_t i = 0; i < size;) {
    uint8_t lead = data[i];
    size_t extra = lead >= 0xF0 && lead <= 0xF4   ? 3
                   : lead >= 0xE0 && lead <= 0xEF ? 2
                   : lead >= 0xC0 && lead <= 0xDF ? 1
                                                  : 0;
    bool complete = lead >= 0xC0 && lead <= 0xF4;
    for (size_t k = 1; complete && k <= extra; k++) {
      complete = Continuation(data, size, i + k);
    }
    if (lead < 0x80 || !complete) {
      out.push_back(lead < 0x80 ? lead : 0xDC00 + lead);
      i++;
      continue;
    }
    uint32_t value = lead & (0x3F >> extra);
    for (size_t k = 1; k <= extra; k++) value = value << 6 | (data[i + k] & 0x3F);
    if (value > 0x10FFFF) {
      out.push_back(0xDC00 + lead);
      i++;
      continue;
    }
    if (value >= 0x10000) {
      out.push_back(0xD800 + ((value - 0x10000) >> 10));
      out.push_back(0xDC00 + ((value - 0x10000) & 0x3FF));
    } else {
      out.push_back(value);
    }
    i += extra + 1;
  }
  return out;
}

}  // namespace fuzz_input

inline FuzzInput SplitInput(const uint8_t* data, size_t size) {
  size_t nul = 0;
  while (nul < size && data[nul] != 0) nul++;
  size_t rest = nul < size ? nul + 1 : size;
  return {fuzz_input::Decode(data, nul),
          fuzz_input::Decode(data + rest, size - rest)};
}
