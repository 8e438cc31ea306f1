module example.com/utf8x

go 1.19
