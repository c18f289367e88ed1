; Shape: Bash 5.3's `${ cmd; }` is unknown to the grammar: an ERROR.
; Sample: "echo \"${ rm x; }\"\n"
; Walker: function_substitutions

(ERROR) @unread
