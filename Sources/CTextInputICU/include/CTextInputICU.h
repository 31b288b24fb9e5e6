// CTextInputICU — the only code in TextInputKit that calls ICU.
//
// Why this exists: ICU renames every C function to a versioned symbol
// (ubrk_open -> ubrk_open_72) with preprocessor macros, which Swift cannot
// import. Each function here is compiled against the installed ICU headers,
// so the link follows ICU's real version and nothing hard-codes a suffix.
//
// Rules: every function carries the `ctii_` prefix; the shim holds calls only
// (state machines and width policy live in Swift, in TextMetrics); this header
// includes no ICU header, and the constants below are checked against ICU's with
// _Static_assert in shim.c. Error codes are ICU's UErrorCode values as int32_t
// (0 = success, > 0 = failure, < 0 = warning).
//
// This is not API: TextMetrics wraps it and imports it with `internal import`.

#ifndef CTEXTINPUTICU_H
#define CTEXTINPUTICU_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Versions

/// Writes the Unicode version ICU implements ("15.0") into buf (at least 24 bytes).
void ctii_unicode_version(char *buf, int32_t capacity);
/// Writes ICU's own version ("72.1") into buf (at least 24 bytes).
void ctii_icu_version(char *buf, int32_t capacity);
/// ICU's name for an error code ("U_ILLEGAL_ARGUMENT_ERROR"); static storage.
const char *ctii_error_name(int32_t error);

// MARK: Character properties, as ranges

/// Enumerated properties the measurement layer reads.
typedef enum ctii_int_property {
  CTII_PROP_GRAPHEME_CLUSTER_BREAK = 0,
  CTII_PROP_GENERAL_CATEGORY = 1,
  CTII_PROP_EAST_ASIAN_WIDTH = 2,
  CTII_PROP_NFC_QUICK_CHECK = 3,
  CTII_PROP_CANONICAL_COMBINING_CLASS = 4,
  CTII_PROP_NFD_QUICK_CHECK = 5,
  CTII_PROP_INDIC_SYLLABIC_CATEGORY = 6,
  CTII_PROP_SCRIPT = 7,
  CTII_PROP_LINE_BREAK = 8,
} ctii_int_property;

/// Binary properties the measurement layer reads.
typedef enum ctii_binary_property {
  CTII_BIN_EXTENDED_PICTOGRAPHIC = 0,
  CTII_BIN_EMOJI = 1,
  CTII_BIN_EMOJI_PRESENTATION = 2,
  CTII_BIN_DEFAULT_IGNORABLE = 3,
  CTII_BIN_PREPENDED_CONCATENATION_MARK = 4,
  CTII_BIN_EMOJI_MODIFIER_BASE = 5,
  CTII_BIN_EMOJI_MODIFIER = 6,
} ctii_binary_property;

// Grapheme_Cluster_Break values (ICU's UGraphemeClusterBreak).
enum {
  CTII_GCB_OTHER = 0,
  CTII_GCB_CONTROL = 1,
  CTII_GCB_CR = 2,
  CTII_GCB_EXTEND = 3,
  CTII_GCB_L = 4,
  CTII_GCB_LF = 5,
  CTII_GCB_LV = 6,
  CTII_GCB_LVT = 7,
  CTII_GCB_T = 8,
  CTII_GCB_V = 9,
  CTII_GCB_SPACING_MARK = 10,
  CTII_GCB_PREPEND = 11,
  CTII_GCB_REGIONAL_INDICATOR = 12,
  CTII_GCB_E_BASE = 13,
  CTII_GCB_E_BASE_GAZ = 14,
  CTII_GCB_E_MODIFIER = 15,
  CTII_GCB_GLUE_AFTER_ZWJ = 16,
  CTII_GCB_ZWJ = 17,
};

// General_Category values used by the width policy (ICU's UCharCategory).
enum {
  CTII_GC_UNASSIGNED = 0,
  CTII_GC_NON_SPACING_MARK = 6,
  CTII_GC_ENCLOSING_MARK = 7,
  CTII_GC_SPACING_MARK = 8,
  CTII_GC_CONTROL = 15,
  CTII_GC_FORMAT = 16,
  CTII_GC_SURROGATE = 18,
};

// East_Asian_Width values (ICU's UEastAsianWidth).
enum {
  CTII_EA_NEUTRAL = 0,
  CTII_EA_AMBIGUOUS = 1,
  CTII_EA_HALFWIDTH = 2,
  CTII_EA_FULLWIDTH = 3,
  CTII_EA_NARROW = 4,
  CTII_EA_WIDE = 5,
};

// Indic_Syllabic_Category values (ICU's UIndicSyllabicCategory) and the
// scripts (ICU's UScriptCode) of CLDR's Indic conjunct rule for graphemes.
enum {
  CTII_INSC_CONSONANT = 5,
  CTII_INSC_VIRAMA = 31,
  CTII_SCRIPT_BENGALI = 4,
  CTII_SCRIPT_DEVANAGARI = 10,
  CTII_SCRIPT_GUJARATI = 15,
  CTII_SCRIPT_MALAYALAM = 26,
  CTII_SCRIPT_ORIYA = 31,
  CTII_SCRIPT_TELUGU = 36,
};

// Line_Break values (ICU's ULineBreak), for the line-break class table.
enum {
  CTII_LB_XX = 0,
  CTII_LB_AI = 1,
  CTII_LB_AL = 2,
  CTII_LB_B2 = 3,
  CTII_LB_BA = 4,
  CTII_LB_BB = 5,
  CTII_LB_BK = 6,
  CTII_LB_CB = 7,
  CTII_LB_CL = 8,
  CTII_LB_CM = 9,
  CTII_LB_CR = 10,
  CTII_LB_EX = 11,
  CTII_LB_GL = 12,
  CTII_LB_HY = 13,
  CTII_LB_ID = 14,
  CTII_LB_IN = 15,
  CTII_LB_IS = 16,
  CTII_LB_LF = 17,
  CTII_LB_NS = 18,
  CTII_LB_NU = 19,
  CTII_LB_OP = 20,
  CTII_LB_PO = 21,
  CTII_LB_PR = 22,
  CTII_LB_QU = 23,
  CTII_LB_SA = 24,
  CTII_LB_SG = 25,
  CTII_LB_SP = 26,
  CTII_LB_SY = 27,
  CTII_LB_ZW = 28,
  CTII_LB_NL = 29,
  CTII_LB_WJ = 30,
  CTII_LB_H2 = 31,
  CTII_LB_H3 = 32,
  CTII_LB_JL = 33,
  CTII_LB_JT = 34,
  CTII_LB_JV = 35,
  CTII_LB_CP = 36,
  CTII_LB_CJ = 37,
  CTII_LB_HL = 38,
  CTII_LB_RI = 39,
  CTII_LB_EB = 40,
  CTII_LB_EM = 41,
  CTII_LB_ZWJ = 42,
  CTII_LB_COUNT = 43,
};

// NFC_Quick_Check values (ICU's UNormalizationCheckResult).
enum {
  CTII_QC_NO = 0,
  CTII_QC_YES = 1,
  CTII_QC_MAYBE = 2,
};

/// The range of code points from `start` that share one value of `property`:
/// returns the last code point of that range and stores the value in `*value`;
/// returns -1 when `start` is past U+10FFFF. Backed by ICU's u_getIntPropertyMap.
int32_t ctii_int_property_range(ctii_int_property property, int32_t start, int32_t *value);

/// The number of disjoint code point ranges that have `property`, or -1 on error
/// (the UErrorCode is stored in `*error`).
int32_t ctii_binary_property_range_count(ctii_binary_property property, int32_t *error);

/// The `index`th range of code points that have `property`, inclusive.
void ctii_binary_property_range(
  ctii_binary_property property, int32_t index, int32_t *start, int32_t *end, int32_t *error);

/// The value of `property` for one code point (for tests and spot checks).
int32_t ctii_int_property_value(ctii_int_property property, int32_t codePoint);

/// Whether the UTF-16 string is an RGI emoji (a basic emoji or an RGI emoji
/// sequence: keycap, flag, tag, modifier or ZWJ), ICU's UCHAR_RGI_EMOJI.
bool ctii_is_rgi_emoji(const uint16_t *text, int32_t length);

// MARK: Normalization

/// Canonical composition (NFC) of UTF-16 `text` into `dest`; returns the length
/// needed (which may exceed `capacity`, with U_BUFFER_OVERFLOW_ERROR in `*error`).
int32_t ctii_nfc(
  const uint16_t *text, int32_t length, uint16_t *dest, int32_t capacity, int32_t *error);

/// The one-level canonical decomposition of `codePoint` (ICU's raw NFD mapping)
/// into `dest` as UTF-16; returns its length, or -1 if it has none.
int32_t ctii_raw_decomposition(int32_t codePoint, uint16_t *dest, int32_t capacity);

/// NFKC_Casefold (case folding, compatibility forms, default ignorables
/// removed) of UTF-16 `text` into `dest`, for matching text without regard to
/// case; returns the length needed (which may exceed `capacity`, with
/// U_BUFFER_OVERFLOW_ERROR in `*error`).
int32_t ctii_nfkc_casefold(
  const uint16_t *text, int32_t length, uint16_t *dest, int32_t capacity, int32_t *error);

// MARK: Break iterators (ICU ubrk, root locale)

typedef enum ctii_break_kind {
  CTII_BREAK_CHARACTER = 0,
  CTII_BREAK_WORD = 1,
  CTII_BREAK_LINE = 2,
} ctii_break_kind;

// Rule-status ranges (ICU's UWordBreak / ULineBreakTag).
enum {
  CTII_WORD_NONE_LIMIT = 100,
  CTII_LINE_SOFT_LIMIT = 100,
  CTII_LINE_HARD = 100,
  CTII_LINE_HARD_LIMIT = 200,
};

/// An ICU break iterator (UBreakIterator); opaque.
typedef struct ctii_break ctii_break;

/// Opens a break iterator of `kind` for the root locale with no text.
/// Returns NULL on failure with the error in `*error`. Close it with ctii_break_close.
ctii_break *ctii_break_open(ctii_break_kind kind, int32_t *error);
/// A copy of `prototype` that can be used on another thread (ubrk_clone);
/// cloning a shared prototype is safe from many threads at once.
ctii_break *ctii_break_clone(const ctii_break *prototype, int32_t *error);
/// Sets UTF-16 text; the iterator keeps a pointer to it (the caller keeps it alive).
void ctii_break_set_utf16(ctii_break *iterator, const uint16_t *text, int32_t length, int32_t *error);
/// The next boundary, or -1 when the end has been passed.
int32_t ctii_break_next(ctii_break *iterator);
/// The rule status of the boundary most recently returned.
int32_t ctii_break_rule_status(const ctii_break *iterator);
void ctii_break_close(ctii_break *iterator);

// MARK: Bidi (ICU ubidi), for the layout layer

/// An ICU bidi paragraph object (UBiDi); opaque.
typedef struct ctii_bidi ctii_bidi;

/// Runs the bidi algorithm on one paragraph of UTF-16 text.
/// `paragraphLevel`: 0 = LTR, 1 = RTL, 0xFE = default LTR (from the first strong
/// character), 0xFF = default RTL. The object keeps a pointer to `text`.
ctii_bidi *ctii_bidi_open(
  const uint16_t *text, int32_t length, uint8_t paragraphLevel, int32_t *error);
/// The resolved paragraph level (even = LTR, odd = RTL).
uint8_t ctii_bidi_paragraph_level(const ctii_bidi *bidi);
/// The embedding level of the UTF-16 unit at `offset`.
uint8_t ctii_bidi_level_at(const ctii_bidi *bidi, int32_t offset);
/// Sets up a line [start, limit) of the paragraph for visual runs; returns the line
/// object (close it with ctii_bidi_close) or NULL on error.
ctii_bidi *ctii_bidi_line(ctii_bidi *paragraph, int32_t start, int32_t limit, int32_t *error);
/// The number of visual runs, or -1 on error.
int32_t ctii_bidi_run_count(ctii_bidi *bidi, int32_t *error);
/// The `index`th visual run (left to right): its logical start and length, and
/// whether it is RTL.
bool ctii_bidi_visual_run(ctii_bidi *bidi, int32_t index, int32_t *logicalStart, int32_t *length);
void ctii_bidi_close(ctii_bidi *bidi);

#ifdef __cplusplus
}
#endif

#endif
