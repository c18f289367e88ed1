; Shape: `unset` is a command of its own kind.
; Sample: "unset -f f\n"
; Walker: unset

(unset_command) @unset
