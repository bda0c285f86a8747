{
  "targets": [
    {
      "target_name": "tool_input_schema",
      "sources": [
        "native/addon.cc",
        "native/dfa.cc",
        "native/environment.cc",
        "native/pcre2-pattern.cc",
        "native/program.cc",
        "native/proof.cc",
        "native/string-reader.cc"
      ],
      "include_dirs": ["<!(node -p \"require('node-addon-api').include_dir\")"],
      "defines": [
        "NAPI_VERSION=8",
        "NAPI_DISABLE_CPP_EXCEPTIONS",
        "NODE_API_SWALLOW_UNTHROWABLE_EXCEPTIONS",
        "PCRE2_CODE_UNIT_WIDTH=32",
        "PCRE2_STATIC"
      ],
      "cflags": ["-fvisibility=hidden", "<!@(node scripts/pcre2-config.js cflags)"],
      "libraries": ["<!(node scripts/pcre2-config.js static-lib)"],
      "conditions": [
        ["OS=='linux'", {
          "ldflags": ["-Wl,--exclude-libs,ALL"]
        }],
        ["OS=='mac'", {
          "xcode_settings": {
            "GCC_SYMBOLS_PRIVATE_EXTERN": "YES",
            "OTHER_CFLAGS": ["<!@(node scripts/pcre2-config.js cflags)"]
          }
        }]
      ]
    }
  ]
}
