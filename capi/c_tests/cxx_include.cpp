// Proves that the header is usable from C++17: it compiles with warnings as errors, the
// extern "C" guard gives the functions C linkage (otherwise linking fails on mangled names), and
// one call through it works.
#include <cstdio>
#include <cstring>

#include "utf8x.h"

int main() {
    const char text[] = "h\xC3\xA9llo";
    const utf8x_result r =
        utf8x_validate(reinterpret_cast<const uint8_t *>(text), std::strlen(text));
    if (r.status != UTF8X_OK || r.read != std::strlen(text) || utf8x_version() == 0xFFFFFFFFu) {
        std::printf("C++: unexpected result, status %u (%s)\n", static_cast<unsigned>(r.status),
                    utf8x_status_str(r.status));
        return 1;
    }
    std::printf("C++: %s\n", utf8x_status_str(r.status));
    return 0;
}
