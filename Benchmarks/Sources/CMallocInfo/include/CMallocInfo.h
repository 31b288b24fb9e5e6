// The bytes glibc's malloc has handed out and not taken back, for the
// benchmarks' memory figures (0 where mallinfo2 is not available).
#include <stddef.h>

size_t cmallocinfo_allocated_bytes(void);
