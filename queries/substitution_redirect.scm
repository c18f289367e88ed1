; Shape: `$(< file)` and `$(> file)` give the substitution a bare file redirect, with no statement around it.
; Sample: "echo \"$(< notes.txt)\" $(> out.txt)\n"
; Walker: statement

(command_substitution (file_redirect) @redirect)
