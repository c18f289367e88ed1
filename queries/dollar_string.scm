; Shape: `$"…"` comes as an anonymous `$` before a string.
; Sample: "echo $\"hi\"\n"
; Walker: simple_command, pieces

(command
  "$" @dollar
  .
  (string) @string)
