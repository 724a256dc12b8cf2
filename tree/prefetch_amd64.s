// prefetch(b []byte): PREFETCHT0 on every 64-byte cache line that holds a
// byte of b.

#include "textflag.h"

// func prefetch(b []byte)
TEXT ·prefetch(SB), NOSPLIT, $0-24
	MOVQ b_base+0(FP), AX
	MOVQ b_len+8(FP), CX
	ADDQ AX, CX
	ANDQ $~63, AX
loop:
	CMPQ AX, CX
	JAE done
	PREFETCHT0 (AX)
	ADDQ $64, AX
	JMP loop
done:
	RET
