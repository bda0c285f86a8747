{
  "variables": {
    # 1 where the addon and PCRE2 are built with GCC's link-time
    # optimization (scripts/gcc-lto.js says when): a search's path, from the
    # fast call to PCRE2's JIT code, then has fewer calls. Fat objects keep
    # every object usable by an archiver or linker that does not optimize.
    "gcc_lto": "<!(node scripts/gcc-lto.js)",
    "lto_cflags": ["-flto=auto", "-ffat-lto-objects"],
    # Every C file of deps/pcre2/src: each library is built from all of them.
    "pcre2_sources": [
      "deps/pcre2/src/pcre2_auto_possess.c",
      "deps/pcre2/src/pcre2_chartables.c",
      "deps/pcre2/src/pcre2_chkdint.c",
      "deps/pcre2/src/pcre2_compile.c",
      "deps/pcre2/src/pcre2_compile_cgroup.c",
      "deps/pcre2/src/pcre2_compile_class.c",
      "deps/pcre2/src/pcre2_config.c",
      "deps/pcre2/src/pcre2_context.c",
      "deps/pcre2/src/pcre2_error.c",
      "deps/pcre2/src/pcre2_find_bracket.c",
      "deps/pcre2/src/pcre2_jit_compile.c",
      "deps/pcre2/src/pcre2_match.c",
      "deps/pcre2/src/pcre2_match_data.c",
      "deps/pcre2/src/pcre2_newline.c",
      "deps/pcre2/src/pcre2_pattern_info.c",
      "deps/pcre2/src/pcre2_script_run.c",
      "deps/pcre2/src/pcre2_string_utils.c",
      "deps/pcre2/src/pcre2_study.c",
      "deps/pcre2/src/pcre2_tables.c",
      "deps/pcre2/src/pcre2_ucd.c",
      "deps/pcre2/src/pcre2_valid_utf.c",
      "deps/pcre2/src/pcre2_xclass.c"
    ]
  },
  "targets": [
    {
      "target_name": "tool_input_schema",
      "dependencies": ["pcre2", "pcre2_8"],
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
        "NODE_API_SWALLOW_UNTHROWABLE_EXCEPTIONS"
      ],
      "cflags": ["-fvisibility=hidden"],
      "conditions": [
        ["OS=='linux'", {
          "ldflags": ["-Wl,--exclude-libs,ALL"]
        }],
        ["gcc_lto==1", {
          "cflags": ["<@(lto_cflags)"],
          "ldflags": ["-flto=auto"]
        }],
        ["OS=='mac'", {
          "xcode_settings": {
            "GCC_SYMBOLS_PRIVATE_EXTERN": "YES"
          }
        }]
      ]
    },
    {
      # The fast-call shim (native/fast-call/fast-call.cc), built against the
      # V8 of the Node.js it is built for, into build/Release/fast-call/,
      # named by that Node.js's NODE_MODULE_VERSION: src/pattern/fast-call.ts
      # loads the one for the running Node.js, if any. Not `.node`:
      # node-gyp-build takes the first `.node` file of build/Release for the
      # addon, and the make build leaves a copy of every module there.
      "target_name": "fast_call",
      "product_dir": "<(PRODUCT_DIR)/fast-call",
      "product_name": "node-v<(node_module_version)",
      "product_extension": "shim",
      "type": "shared_library",
      "product_prefix": "",
      "sources": ["native/fast-call/fast-call.cc"],
      "cflags": ["-fvisibility=hidden"],
      "xcode_settings": {
        "GCC_SYMBOLS_PRIVATE_EXTERN": "YES",
        "OTHER_LDFLAGS": ["-undefined dynamic_lookup"]
      }
    },
    {
      # PCRE2 from deps/pcre2 (its README says which version and how to
      # upgrade), as static libraries: the 32-bit library with the JIT, and
      # the 8-bit one beside it (one-byte subjects, read where they lie), both
      # from the same sources in the configuration of deps/pcre2/config.h.
      # Nothing is looked up on the system.
      "target_name": "pcre2",
      "type": "static_library",
      "sources": ["<@(pcre2_sources)"],
      "include_dirs": ["deps/pcre2", "deps/pcre2/src"],
      "defines": ["HAVE_CONFIG_H", "PCRE2_CODE_UNIT_WIDTH=32", "PCRE2_STATIC"],
      "cflags": ["-fvisibility=hidden", "-w"],
      "conditions": [["gcc_lto==1", { "cflags": ["<@(lto_cflags)"] }]],
      "xcode_settings": {
        "GCC_SYMBOLS_PRIVATE_EXTERN": "YES",
        "WARNING_CFLAGS": ["-w"]
      },
      "direct_dependent_settings": {
        "include_dirs": ["deps/pcre2/src"],
        "defines": ["PCRE2_CODE_UNIT_WIDTH=32", "PCRE2_STATIC"]
      }
    },
    {
      # Its functions end in _8 (native/pcre2-pattern.cc names them so).
      "target_name": "pcre2_8",
      "type": "static_library",
      "sources": ["<@(pcre2_sources)"],
      "include_dirs": ["deps/pcre2", "deps/pcre2/src"],
      "defines": ["HAVE_CONFIG_H", "PCRE2_CODE_UNIT_WIDTH=8", "PCRE2_STATIC"],
      "cflags": ["-fvisibility=hidden", "-w"],
      "conditions": [["gcc_lto==1", { "cflags": ["<@(lto_cflags)"] }]],
      "xcode_settings": {
        "GCC_SYMBOLS_PRIVATE_EXTERN": "YES",
        "WARNING_CFLAGS": ["-w"]
      }
    }
  ]
}
