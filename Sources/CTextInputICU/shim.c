// CTextInputICU — calls into ICU. See include/CTextInputICU.h for why this exists.

#include "CTextInputICU.h"

#include <string.h>

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/ucpmap.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/uset.h>
#include <unicode/utext.h>
#include <unicode/uversion.h>

#if U_ICU_VERSION_MAJOR_NUM < 70
#error "TextInputKit needs ICU 70 or later (u_stringHasBinaryProperty, UCHAR_RGI_EMOJI)"
#endif

// The header's constants must be ICU's.
_Static_assert(CTII_GCB_OTHER == U_GCB_OTHER, "GCB");
_Static_assert(CTII_GCB_CONTROL == U_GCB_CONTROL, "GCB");
_Static_assert(CTII_GCB_CR == U_GCB_CR, "GCB");
_Static_assert(CTII_GCB_EXTEND == U_GCB_EXTEND, "GCB");
_Static_assert(CTII_GCB_L == U_GCB_L, "GCB");
_Static_assert(CTII_GCB_LF == U_GCB_LF, "GCB");
_Static_assert(CTII_GCB_LV == U_GCB_LV, "GCB");
_Static_assert(CTII_GCB_LVT == U_GCB_LVT, "GCB");
_Static_assert(CTII_GCB_T == U_GCB_T, "GCB");
_Static_assert(CTII_GCB_V == U_GCB_V, "GCB");
_Static_assert(CTII_GCB_SPACING_MARK == U_GCB_SPACING_MARK, "GCB");
_Static_assert(CTII_GCB_PREPEND == U_GCB_PREPEND, "GCB");
_Static_assert(CTII_GCB_REGIONAL_INDICATOR == U_GCB_REGIONAL_INDICATOR, "GCB");
_Static_assert(CTII_GCB_E_BASE == U_GCB_E_BASE, "GCB");
_Static_assert(CTII_GCB_E_BASE_GAZ == U_GCB_E_BASE_GAZ, "GCB");
_Static_assert(CTII_GCB_E_MODIFIER == U_GCB_E_MODIFIER, "GCB");
_Static_assert(CTII_GCB_GLUE_AFTER_ZWJ == U_GCB_GLUE_AFTER_ZWJ, "GCB");
_Static_assert(CTII_GCB_ZWJ == U_GCB_ZWJ, "GCB");
_Static_assert(CTII_GC_UNASSIGNED == U_UNASSIGNED, "GC");
_Static_assert(CTII_GC_NON_SPACING_MARK == U_NON_SPACING_MARK, "GC");
_Static_assert(CTII_GC_ENCLOSING_MARK == U_ENCLOSING_MARK, "GC");
_Static_assert(CTII_GC_SPACING_MARK == U_COMBINING_SPACING_MARK, "GC");
_Static_assert(CTII_GC_CONTROL == U_CONTROL_CHAR, "GC");
_Static_assert(CTII_GC_FORMAT == U_FORMAT_CHAR, "GC");
_Static_assert(CTII_GC_SURROGATE == U_SURROGATE, "GC");
_Static_assert(CTII_EA_NEUTRAL == U_EA_NEUTRAL, "EAW");
_Static_assert(CTII_EA_AMBIGUOUS == U_EA_AMBIGUOUS, "EAW");
_Static_assert(CTII_EA_HALFWIDTH == U_EA_HALFWIDTH, "EAW");
_Static_assert(CTII_EA_FULLWIDTH == U_EA_FULLWIDTH, "EAW");
_Static_assert(CTII_EA_NARROW == U_EA_NARROW, "EAW");
_Static_assert(CTII_EA_WIDE == U_EA_WIDE, "EAW");
_Static_assert(CTII_INSC_CONSONANT == U_INSC_CONSONANT, "InSC");
_Static_assert(CTII_INSC_VIRAMA == U_INSC_VIRAMA, "InSC");
_Static_assert(CTII_SCRIPT_BENGALI == USCRIPT_BENGALI, "script");
_Static_assert(CTII_SCRIPT_DEVANAGARI == USCRIPT_DEVANAGARI, "script");
_Static_assert(CTII_SCRIPT_GUJARATI == USCRIPT_GUJARATI, "script");
_Static_assert(CTII_SCRIPT_MALAYALAM == USCRIPT_MALAYALAM, "script");
_Static_assert(CTII_SCRIPT_ORIYA == USCRIPT_ORIYA, "script");
_Static_assert(CTII_SCRIPT_TELUGU == USCRIPT_TELUGU, "script");
_Static_assert(CTII_LB_XX == U_LB_UNKNOWN, "LB");
_Static_assert(CTII_LB_AI == U_LB_AMBIGUOUS, "LB");
_Static_assert(CTII_LB_AL == U_LB_ALPHABETIC, "LB");
_Static_assert(CTII_LB_B2 == U_LB_BREAK_BOTH, "LB");
_Static_assert(CTII_LB_BA == U_LB_BREAK_AFTER, "LB");
_Static_assert(CTII_LB_BB == U_LB_BREAK_BEFORE, "LB");
_Static_assert(CTII_LB_BK == U_LB_MANDATORY_BREAK, "LB");
_Static_assert(CTII_LB_CB == U_LB_CONTINGENT_BREAK, "LB");
_Static_assert(CTII_LB_CL == U_LB_CLOSE_PUNCTUATION, "LB");
_Static_assert(CTII_LB_CM == U_LB_COMBINING_MARK, "LB");
_Static_assert(CTII_LB_CR == U_LB_CARRIAGE_RETURN, "LB");
_Static_assert(CTII_LB_EX == U_LB_EXCLAMATION, "LB");
_Static_assert(CTII_LB_GL == U_LB_GLUE, "LB");
_Static_assert(CTII_LB_HY == U_LB_HYPHEN, "LB");
_Static_assert(CTII_LB_ID == U_LB_IDEOGRAPHIC, "LB");
_Static_assert(CTII_LB_IN == U_LB_INSEPARABLE, "LB");
_Static_assert(CTII_LB_IS == U_LB_INFIX_NUMERIC, "LB");
_Static_assert(CTII_LB_LF == U_LB_LINE_FEED, "LB");
_Static_assert(CTII_LB_NS == U_LB_NONSTARTER, "LB");
_Static_assert(CTII_LB_NU == U_LB_NUMERIC, "LB");
_Static_assert(CTII_LB_OP == U_LB_OPEN_PUNCTUATION, "LB");
_Static_assert(CTII_LB_PO == U_LB_POSTFIX_NUMERIC, "LB");
_Static_assert(CTII_LB_PR == U_LB_PREFIX_NUMERIC, "LB");
_Static_assert(CTII_LB_QU == U_LB_QUOTATION, "LB");
_Static_assert(CTII_LB_SA == U_LB_COMPLEX_CONTEXT, "LB");
_Static_assert(CTII_LB_SG == U_LB_SURROGATE, "LB");
_Static_assert(CTII_LB_SP == U_LB_SPACE, "LB");
_Static_assert(CTII_LB_SY == U_LB_BREAK_SYMBOLS, "LB");
_Static_assert(CTII_LB_ZW == U_LB_ZWSPACE, "LB");
_Static_assert(CTII_LB_NL == U_LB_NEXT_LINE, "LB");
_Static_assert(CTII_LB_WJ == U_LB_WORD_JOINER, "LB");
_Static_assert(CTII_LB_H2 == U_LB_H2, "LB");
_Static_assert(CTII_LB_H3 == U_LB_H3, "LB");
_Static_assert(CTII_LB_JL == U_LB_JL, "LB");
_Static_assert(CTII_LB_JT == U_LB_JT, "LB");
_Static_assert(CTII_LB_JV == U_LB_JV, "LB");
_Static_assert(CTII_LB_CP == U_LB_CLOSE_PARENTHESIS, "LB");
_Static_assert(CTII_LB_CJ == U_LB_CONDITIONAL_JAPANESE_STARTER, "LB");
_Static_assert(CTII_LB_HL == U_LB_HEBREW_LETTER, "LB");
_Static_assert(CTII_LB_RI == U_LB_REGIONAL_INDICATOR, "LB");
_Static_assert(CTII_LB_EB == U_LB_E_BASE, "LB");
_Static_assert(CTII_LB_EM == U_LB_E_MODIFIER, "LB");
_Static_assert(CTII_LB_ZWJ == U_LB_ZWJ, "LB");
_Static_assert(CTII_LB_COUNT == U_LB_COUNT, "LB count: a new Line_Break value needs a class");
_Static_assert(CTII_QC_NO == UNORM_NO, "QC");
_Static_assert(CTII_QC_YES == UNORM_YES, "QC");
_Static_assert(CTII_QC_MAYBE == UNORM_MAYBE, "QC");
_Static_assert(CTII_WORD_NONE_LIMIT == UBRK_WORD_NONE_LIMIT, "word status");
_Static_assert(CTII_LINE_SOFT_LIMIT == UBRK_LINE_SOFT_LIMIT, "line status");
_Static_assert(CTII_LINE_HARD == UBRK_LINE_HARD, "line status");
_Static_assert(CTII_LINE_HARD_LIMIT == UBRK_LINE_HARD_LIMIT, "line status");
_Static_assert(sizeof(UChar) == sizeof(uint16_t), "UChar is UTF-16");

static UProperty int_property(ctii_int_property property) {
  switch (property) {
  case CTII_PROP_GRAPHEME_CLUSTER_BREAK: return UCHAR_GRAPHEME_CLUSTER_BREAK;
  case CTII_PROP_GENERAL_CATEGORY: return UCHAR_GENERAL_CATEGORY;
  case CTII_PROP_EAST_ASIAN_WIDTH: return UCHAR_EAST_ASIAN_WIDTH;
  case CTII_PROP_NFC_QUICK_CHECK: return UCHAR_NFC_QUICK_CHECK;
  case CTII_PROP_CANONICAL_COMBINING_CLASS: return UCHAR_CANONICAL_COMBINING_CLASS;
  case CTII_PROP_NFD_QUICK_CHECK: return UCHAR_NFD_QUICK_CHECK;
  case CTII_PROP_INDIC_SYLLABIC_CATEGORY: return UCHAR_INDIC_SYLLABIC_CATEGORY;
  case CTII_PROP_SCRIPT: return UCHAR_SCRIPT;
  case CTII_PROP_LINE_BREAK: return UCHAR_LINE_BREAK;
  }
  return UCHAR_INVALID_CODE;
}

static UProperty binary_property(ctii_binary_property property) {
  switch (property) {
  case CTII_BIN_EXTENDED_PICTOGRAPHIC: return UCHAR_EXTENDED_PICTOGRAPHIC;
  case CTII_BIN_EMOJI: return UCHAR_EMOJI;
  case CTII_BIN_EMOJI_PRESENTATION: return UCHAR_EMOJI_PRESENTATION;
  case CTII_BIN_DEFAULT_IGNORABLE: return UCHAR_DEFAULT_IGNORABLE_CODE_POINT;
  case CTII_BIN_PREPENDED_CONCATENATION_MARK: return UCHAR_PREPENDED_CONCATENATION_MARK;
  case CTII_BIN_EMOJI_MODIFIER_BASE: return UCHAR_EMOJI_MODIFIER_BASE;
  case CTII_BIN_EMOJI_MODIFIER: return UCHAR_EMOJI_MODIFIER;
  }
  return UCHAR_INVALID_CODE;
}

static void version_string(const UVersionInfo info, char *buf, int32_t capacity) {
  char full[U_MAX_VERSION_STRING_LENGTH];
  u_versionToString(info, full);
  if (capacity <= 0) return;
  strncpy(buf, full, (size_t)capacity - 1);
  buf[capacity - 1] = 0;
}

void ctii_unicode_version(char *buf, int32_t capacity) {
  UVersionInfo info;
  u_getUnicodeVersion(info);
  version_string(info, buf, capacity);
}

void ctii_icu_version(char *buf, int32_t capacity) {
  UVersionInfo info;
  u_getVersion(info);
  version_string(info, buf, capacity);
}

const char *ctii_error_name(int32_t error) { return u_errorName((UErrorCode)error); }

int32_t ctii_int_property_range(ctii_int_property property, int32_t start, int32_t *value) {
  UErrorCode status = U_ZERO_ERROR;
  const UCPMap *map = u_getIntPropertyMap(int_property(property), &status);
  if (U_FAILURE(status) || map == NULL) return -1;
  uint32_t raw = 0;
  UChar32 end = ucpmap_getRange(map, start, UCPMAP_RANGE_NORMAL, 0, NULL, NULL, &raw);
  *value = (int32_t)raw;
  return end;
}

int32_t ctii_binary_property_range_count(ctii_binary_property property, int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  const USet *set = u_getBinaryPropertySet(binary_property(property), &status);
  *error = status;
  if (U_FAILURE(status) || set == NULL) return -1;
  return uset_getRangeCount(set);
}

void ctii_binary_property_range(
  ctii_binary_property property, int32_t index, int32_t *start, int32_t *end, int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  const USet *set = u_getBinaryPropertySet(binary_property(property), &status);
  *start = -1;
  *end = -1;
  if (U_SUCCESS(status) && set != NULL) {
    UChar32 s = 0, e = 0;
    uset_getItem(set, index, &s, &e, NULL, 0, &status);
    *start = s;
    *end = e;
  }
  *error = status;
}

int32_t ctii_int_property_value(ctii_int_property property, int32_t codePoint) {
  return u_getIntPropertyValue(codePoint, int_property(property));
}

bool ctii_is_rgi_emoji(const uint16_t *text, int32_t length) {
  return u_stringHasBinaryProperty((const UChar *)text, length, UCHAR_RGI_EMOJI);
}

int32_t ctii_nfc(
  const uint16_t *text, int32_t length, uint16_t *dest, int32_t capacity, int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  const UNormalizer2 *nfc = unorm2_getNFCInstance(&status);
  if (U_FAILURE(status)) {
    *error = status;
    return 0;
  }
  int32_t n = unorm2_normalize(nfc, (const UChar *)text, length, (UChar *)dest, capacity, &status);
  *error = status;
  return n;
}

int32_t ctii_nfkc_casefold(
  const uint16_t *text, int32_t length, uint16_t *dest, int32_t capacity, int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  const UNormalizer2 *fold = unorm2_getNFKCCasefoldInstance(&status);
  if (U_FAILURE(status)) {
    *error = status;
    return 0;
  }
  int32_t n = unorm2_normalize(fold, (const UChar *)text, length, (UChar *)dest, capacity, &status);
  *error = status;
  return n;
}

int32_t ctii_raw_decomposition(int32_t codePoint, uint16_t *dest, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  const UNormalizer2 *nfd = unorm2_getNFDInstance(&status);
  if (U_FAILURE(status)) return -1;
  int32_t n = unorm2_getRawDecomposition(nfd, codePoint, (UChar *)dest, capacity, &status);
  if (U_FAILURE(status)) return -1;
  return n;
}

ctii_break *ctii_break_open(ctii_break_kind kind, int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  UBreakIteratorType type = UBRK_CHARACTER;
  switch (kind) {
  case CTII_BREAK_CHARACTER: type = UBRK_CHARACTER; break;
  case CTII_BREAK_WORD: type = UBRK_WORD; break;
  case CTII_BREAK_LINE: type = UBRK_LINE; break;
  }
  UBreakIterator *it = ubrk_open(type, "", NULL, 0, &status);
  *error = status;
  if (U_FAILURE(status)) return NULL;
  return (ctii_break *)it;
}

ctii_break *ctii_break_clone(const ctii_break *prototype, int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *it = ubrk_clone((const UBreakIterator *)prototype, &status);
  *error = status;
  if (U_FAILURE(status)) return NULL;
  return (ctii_break *)it;
}

void ctii_break_set_utf16(ctii_break *iterator, const uint16_t *text, int32_t length, int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  static const UChar empty[1] = {0};
  ubrk_setText((UBreakIterator *)iterator, text ? (const UChar *)text : empty, length, &status);
  *error = status;
}

int32_t ctii_break_next(ctii_break *iterator) { return ubrk_next((UBreakIterator *)iterator); }
int32_t ctii_break_rule_status(const ctii_break *iterator) {
  return ubrk_getRuleStatus((UBreakIterator *)iterator);
}
void ctii_break_close(ctii_break *iterator) { ubrk_close((UBreakIterator *)iterator); }

ctii_bidi *ctii_bidi_open(
  const uint16_t *text, int32_t length, uint8_t paragraphLevel, int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  UBiDi *bidi = ubidi_openSized(length, 0, &status);
  if (U_FAILURE(status)) {
    *error = status;
    return NULL;
  }
  static const UChar empty[1] = {0};
  ubidi_setPara(bidi, text ? (const UChar *)text : empty, length, paragraphLevel, NULL, &status);
  *error = status;
  if (U_FAILURE(status)) {
    ubidi_close(bidi);
    return NULL;
  }
  return (ctii_bidi *)bidi;
}

uint8_t ctii_bidi_paragraph_level(const ctii_bidi *bidi) {
  return ubidi_getParaLevel((const UBiDi *)bidi);
}

uint8_t ctii_bidi_level_at(const ctii_bidi *bidi, int32_t offset) {
  return ubidi_getLevelAt((const UBiDi *)bidi, offset);
}

ctii_bidi *ctii_bidi_line(ctii_bidi *paragraph, int32_t start, int32_t limit, int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  UBiDi *line = ubidi_openSized(limit - start, 0, &status);
  if (U_FAILURE(status)) {
    *error = status;
    return NULL;
  }
  ubidi_setLine((const UBiDi *)paragraph, start, limit, line, &status);
  *error = status;
  if (U_FAILURE(status)) {
    ubidi_close(line);
    return NULL;
  }
  return (ctii_bidi *)line;
}

int32_t ctii_bidi_run_count(ctii_bidi *bidi, int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  int32_t n = ubidi_countRuns((UBiDi *)bidi, &status);
  *error = status;
  return U_FAILURE(status) ? -1 : n;
}

bool ctii_bidi_visual_run(ctii_bidi *bidi, int32_t index, int32_t *logicalStart, int32_t *length) {
  return ubidi_getVisualRun((UBiDi *)bidi, index, logicalStart, length) == UBIDI_RTL;
}

void ctii_bidi_close(ctii_bidi *bidi) { ubidi_close((UBiDi *)bidi); }
