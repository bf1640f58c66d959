#pragma once
// HPASTAR_BIND_FUNCTIONS(binding, Handle, a, b, ...) is
//   binding.function("a", &Handle::a).function("b", &Handle::b) ...
// the embind registration of a handle's member functions under their C++ names. Each name is written once,
// so a class's functions read as a list and the JavaScript name cannot drift from the C++ one. A macro,
// because only the preprocessor turns a name into its string. Up to 64 names.

#define HPASTAR_BIND_FUNCTIONS(binding, Handle, ...) \
  (binding) __VA_OPT__(HPASTAR_BIND_EXPAND(HPASTAR_BIND_NEXT(Handle, __VA_ARGS__)))

// One name, then the rest in a later rescan: a macro may not expand itself directly.
#define HPASTAR_BIND_NEXT(Handle, name, ...) \
  .function(#name, &Handle::name) __VA_OPT__(HPASTAR_BIND_AGAIN HPASTAR_BIND_PARENS(Handle, __VA_ARGS__))
#define HPASTAR_BIND_AGAIN() HPASTAR_BIND_NEXT
#define HPASTAR_BIND_PARENS ()

// 4 x 4 x 4 rescans, one per name.
#define HPASTAR_BIND_EXPAND(...) \
  HPASTAR_BIND_EXPAND3(HPASTAR_BIND_EXPAND3(HPASTAR_BIND_EXPAND3(HPASTAR_BIND_EXPAND3(__VA_ARGS__))))
#define HPASTAR_BIND_EXPAND3(...) \
  HPASTAR_BIND_EXPAND2(HPASTAR_BIND_EXPAND2(HPASTAR_BIND_EXPAND2(HPASTAR_BIND_EXPAND2(__VA_ARGS__))))
#define HPASTAR_BIND_EXPAND2(...) \
  HPASTAR_BIND_EXPAND1(HPASTAR_BIND_EXPAND1(HPASTAR_BIND_EXPAND1(HPASTAR_BIND_EXPAND1(__VA_ARGS__))))
#define HPASTAR_BIND_EXPAND1(...) __VA_ARGS__
