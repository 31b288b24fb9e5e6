// The system ICU (libicu-dev), found through pkg-config `icu-uc`.
// Only the C shim CTextInputICU includes this; Swift never imports ICU's
// headers directly, because ICU renames every function with a versioned
// suffix (ubrk_open -> ubrk_open_72) through macros Swift cannot import.
#include <unicode/uversion.h>
#include <unicode/uchar.h>
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/unorm2.h>
#include <unicode/uset.h>
#include <unicode/ucpmap.h>
#include <unicode/utext.h>
