; Shape: Comments are nodes of their own, skipped as statements.
; Sample: "ls # rm -rf /\n"
; Walker: statement

(comment) @comment
