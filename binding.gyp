{
  "targets": [
    {
      "target_name": "tool_input_schema",
      "sources": [
        "native/addon.cc",
        "native/dfa.cc",
        "native/environment.cc",
        "native/program.cc",
        "native/string-reader.cc"
      ],
      "include_dirs": ["<!(node -p \"require('node-addon-api').include_dir\")"],
      "defines": [
        "NAPI_VERSION=8",
        "NAPI_DISABLE_CPP_EXCEPTIONS",
        "NODE_API_SWALLOW_UNTHROWABLE_EXCEPTIONS"
      ],
      "cflags": ["-fvisibility=hidden"],
      "conditions": [
        ["OS=='linux'", {
          "ldflags": ["-Wl,--exclude-libs,ALL"]
        }],
        ["OS=='mac'", {
          "xcode_settings": {
            "GCC_SYMBOLS_PRIVATE_EXTERN": "YES"
          }
        }]
      ]
    }
  ]
}
