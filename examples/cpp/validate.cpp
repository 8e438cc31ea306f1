// Validates its argument as UTF-8 and prints it as UTF-16 code units, with the C++ wrapper.
//     c++ -std=c++17 -Iinclude examples/cpp/validate.cpp -Ltarget/release -lutf8x
#include <cstdio>
#include <iostream>

#include "utf8x.hpp"

int main(int argc, char **argv) {
    const std::string_view text = argc > 1 ? argv[1] : "caf\xc3\xa9 \xe2\x82 ok";
    if (auto r = utf8x::validate(text); !r) {
        std::cerr << "invalid UTF-8 at byte " << r.offset() << " (" << r.length()
                  << " bytes): " << r.what() << '\n';
    }
    // REPLACE never fails on bad input: each bad sequence becomes U+FFFD.
    const auto utf16 = utf8x::to_utf16(text, utf8x::policy::replace);
    std::cout << utf16.written() << " UTF-16 units, " << utf16.replaced() << " replaced:";
    for (const char16_t unit : *utf16) {
        std::printf(" %04X", static_cast<unsigned>(unit));
    }
    std::cout << '\n';
    return 0;
}
