//! Scripts a command runs from disk are read and judged: a destructive script is denied
//! whichever way it is started, a script that does not exist yet gets no opinion, and what a
//! script cannot know before it runs (its arguments, computed paths) is not asked about.

#[path = "common/project.rs"]
mod project;

use agent_safety_net::{Decision, analyze};
use project::{ALLOW, Project, deny, judged};

#[test]
fn destructive_scripts_are_denied_however_they_start() {
    let project = Project::new("destructive");
    project
        .write("evil.sh", "#!/bin/sh\necho cleaning\nrm -rf ~\n")
        .write("hidden.sh", "rm -rf ~\n\0\0\0 padding that bash skips over\n")
        .write(
            "clean.py",
            "import shutil, os\nshutil.rmtree(os.path.expanduser('~'))\n",
        )
        .write(
            "push",
            "#!/usr/bin/env node\nrequire('child_process').execSync('git push --force')\n",
        )
        .write(
            "tool",
            "#!/usr/bin/env python3\nimport subprocess\nsubprocess.run(['git', 'reset', '--hard'])\n",
        )
        .write("scripts/deep.sh", "source ./inner.sh\n")
        .write("inner.sh", "rm -rf ~\n");
    for command in [
        "bash evil.sh",
        "bash hidden.sh",
        "sh ./evil.sh",
        "./evil.sh",
        "source evil.sh",
        ". ./evil.sh",
        "bash < evil.sh",
        "bash -c 'bash evil.sh'",
        "sudo ./evil.sh",
        "python3 clean.py",
        "python3 -c \"exec(open('clean.py').read())\"",
    ] {
        assert_eq!(project.judge(command), deny("rm-home"), "{command}");
    }
    assert_eq!(project.judge("./push"), deny("git-push-force"));
    assert_eq!(project.judge("./tool"), deny("git-reset-hard"));
    assert_eq!(
        project.judge("cd scripts && cd .. && bash scripts/deep.sh"),
        deny("rm-home")
    );
    // A copy or a link made in the same command is the file it copies.
    assert_eq!(project.judge("cp evil.sh fresh.sh && bash fresh.sh"), deny("rm-home"));
    assert_eq!(
        project.judge("mkdir -p bin && cp evil.sh bin/ && bash bin/evil.sh"),
        deny("rm-home")
    );
    assert_eq!(project.judge("ln -s evil.sh link.sh && ./link.sh"), deny("rm-home"));
}

#[test]
fn ordinary_scripts_and_missing_files_pass() {
    let project = Project::new("ordinary");
    project
        .write(
            "build.sh",
            "#!/bin/bash\nset -e\nOUT=\"$1\"\nrm -rf \"$OUT\"\nrm -rf \"$(mktemp -d)\"\n$CC -o app main.c\necho done\n",
        )
        .write(
            "test.py",
            "import subprocess, sys\nsubprocess.run([sys.executable, '-m', 'pytest'] + sys.argv[1:])\n",
        )
        .write("binary", "\u{7f}ELF\0\0\0")
        .write("target/release/app", &format!("\u{7f}ELF\u{2}\u{1}\u{1}\0{}", "x".repeat(400 * 1024)))
        .write(
            "lib.sh",
            "clean_cache() {\n  rm -rf \"${CACHE_DIR}/$1\"\n}\nwipe() {\n  rm -rf ~\n}\n",
        )
        .write(
            "as-root.sh",
            "#!/bin/bash\n[ \"$EUID\" -ne 0 ] && exec sudo \"$0\" \"$@\"\nmake install\n",
        )
        .write(
            "home/.bashrc",
            "alias ls='ls --color=auto'\nalias rm='rm -i'\nexport PATH=\"$HOME/bin:$PATH\"\n[ -f ~/.fzf.bash ] && source ~/.fzf.bash\n",
        )
        .write(
            "venv/bin/activate",
            "deactivate () {\n  unset -f pydoc\n  hash -r\n}\nVIRTUAL_ENV=\"$(pwd)/venv\"\nexport PATH=\"$VIRTUAL_ENV/bin:$PATH\"\n",
        );
    assert_eq!(project.judge("./build.sh dist"), ALLOW);
    assert_eq!(project.judge("bash build.sh"), ALLOW);
    assert_eq!(project.judge("python3 test.py -x"), ALLOW);
    assert_eq!(project.judge("./binary --help"), ALLOW);
    assert_eq!(project.judge("./target/release/app --serve"), ALLOW);
    assert_eq!(project.judge("source ~/.bashrc && ls"), ALLOW);
    // A function a script defines is that script's code, wherever it is called from.
    assert_eq!(project.judge("source lib.sh && clean_cache node"), ALLOW);
    assert_eq!(project.judge("source lib.sh && wipe"), deny("rm-home"));
    // A script that runs itself again is judged once (its sudo is what asks).
    assert_eq!(
        project.judge("./as-root.sh"),
        (Decision::Ask, Some("privilege-escalation".to_owned()))
    );
    assert_eq!(project.judge("source venv/bin/activate && python -V"), ALLOW);
    assert_eq!(project.judge("bash not-written-yet.sh"), ALLOW);
    assert_eq!(project.judge("python3 not-written-yet.py"), ALLOW);
}

#[test]
fn scripts_reached_by_a_pattern_stdin_a_startup_option_or_a_missing_shebang_are_read() {
    let project = Project::new("reached");
    project
        .write("bad.sh", "rm -rf ~\n")
        .write("tool.py", "rm -rf ~\n")
        .write("ok.sh", "echo ok\n")
        .write("real.py", "#!/usr/bin/env python3\nprint('ok')\n")
        .write("two/a.sh", "echo a\n")
        .write("two/b.sh", "echo b\n");
    for command in [
        // A pattern bash expands to the one file it matches.
        "bash b*.sh",
        "bash ba?.sh",
        "source ./[b]ad.sh",
        // Standard input bound by an earlier `exec`, or on a descriptor.
        "exec <bad.sh; bash",
        "exec 3<bad.sh; bash <&3",
        "bash 0<bad.sh",
        // An interactive shell's startup file runs before anything else.
        "bash --rcfile bad.sh -i",
        "bash --init-file bad.sh",
        // Without `#!`, a file run by its path is a shell script whatever its name.
        "./tool.py",
    ] {
        assert_eq!(project.judge(command), deny("rm-home"), "{command}");
    }
    for command in [
        "bash o*.sh",
        "exec <ok.sh; bash",
        "bash --rcfile ok.sh -i",
        "./real.py",
        "python3 tool.py",
        // `2>` or `>` an earlier `exec` bound is not standard input.
        "exec 2>log.txt; bash ok.sh",
    ] {
        assert_eq!(project.judge(command), ALLOW, "{command}");
    }
    // A NUL byte in the first line: bash refuses the file as a binary, dash and a shell reading
    // it on standard input run it.
    project.write("nul.sh", "rm -rf ~ #\0\n");
    for command in ["sh nul.sh", "dash nul.sh", "bash < nul.sh"] {
        assert_eq!(project.judge(command), deny("rm-home"), "{command}");
    }
    for command in ["bash nul.sh", "./nul.sh", "source nul.sh"] {
        assert_eq!(project.judge(command), ALLOW, "{command}");
    }
    // Several matches: which one runs depends on the sort order, so it is not guessed.
    let ask = (Decision::Ask, Some("could-not-verify".to_owned()));
    assert_eq!(project.judge("bash two/*.sh"), ask);
    assert_eq!(project.judge("bash ./*/a.sh"), ask);
}

#[test]
fn a_shell_finds_a_script_named_without_a_slash_through_path() {
    let project = Project::new("on-path");
    project
        .write("bin/deploy.sh", "rm -rf ~\n")
        .write("bin/setup.sh", "echo setup\n")
        .write("work/setup.sh", "rm -rf ~\n");
    let mut context = project.context();
    context.path_folders = vec![project.path("bin")];
    context.cwd = project.path("work");
    // `bash NAME` looks in PATH when the working folder has no NAME; `source NAME` looks there
    // first.
    assert_eq!(judged("bash deploy.sh", &context), deny("rm-home"));
    assert_eq!(judged("source deploy.sh", &context), deny("rm-home"));
    assert_eq!(judged("source setup.sh", &context), ALLOW);
    assert_eq!(judged("bash setup.sh", &context), deny("rm-home"));
    assert_eq!(judged("bash ./deploy.sh", &context), ALLOW, "a path is not looked up");
    // A PATH the command sets itself is searched first.
    let mut context = project.context();
    context.cwd = project.path("work");
    assert_eq!(judged("PATH=../bin:$PATH bash deploy.sh", &context), deny("rm-home"));
    assert_eq!(
        judged("export PATH=../bin:$PATH; source deploy.sh", &context),
        deny("rm-home")
    );
    assert_eq!(judged("bash deploy.sh", &context), ALLOW, "not on the agent's PATH");
}

#[test]
fn a_script_changed_earlier_in_the_command_is_not_judged_by_what_the_disk_holds() {
    let project = Project::new("changed");
    project.write("ok.sh", "echo ok\n").write("other.txt", "x\n");
    let ask = (Decision::Ask, Some("could-not-verify".to_owned()));
    for command in [
        "sed -i 's/echo ok/rm -rf ~/' ok.sh && bash ok.sh",
        "perl -pi -e 's/x/y/' ok.sh; ./ok.sh",
        "dd if=payload of=ok.sh conv=notrunc && sh ok.sh",
        "tar xzf update.tgz && bash ok.sh",
        "unzip -o update.zip && source ok.sh",
        "git pull && ./ok.sh",
        // A link made earlier to a file of the system: what it reads is only known then.
        "ln -s /proc/self/environ e.sh; bash e.sh",
    ] {
        assert_eq!(project.judge(command), ask, "{command}");
    }
    // A relative link is read from its own folder; a copy into a folder lands there by name.
    project.write("evil.sh", "rm -rf ~\n").write("build/keep", "");
    assert_eq!(
        project.judge("ln -s ../evil.sh build/b.sh && bash build/b.sh"),
        deny("rm-home")
    );
    assert_eq!(project.judge("ln -s evil.sh build/b.sh && bash build/b.sh"), ALLOW);
    assert_eq!(project.judge("cp evil.sh build && bash build/evil.sh"), deny("rm-home"));
    // A `..` after a link in the script's path is the kernel's: beside what the link points at.
    project
        .write("scripts/inner/keep", "")
        .link("il", "scripts/inner")
        .write("scripts/evil.sh", "rm -rf ~\n");
    assert_eq!(project.judge("bash il/../evil.sh"), deny("rm-home"));
    assert_eq!(project.judge("source il/../evil.sh"), deny("rm-home"));
    for command in [
        "sed -i s/x/y/ other.txt && bash ok.sh",
        "tar czf backup.tgz . && bash ok.sh",
        "tar xzf update.tgz -C vendor && bash ok.sh",
        "git status && bash ok.sh",
    ] {
        assert_eq!(project.judge(command), ALLOW, "{command}");
    }
}

#[test]
fn a_script_that_cannot_be_read_is_unknown_not_absent() {
    let project = Project::new("unreadable");
    // A name longer than the system takes: opening it fails, but not with "not found".
    let name = "x".repeat(300);
    let verdict = analyze(&format!("bash {name}.sh"), &project.context());
    assert_eq!(verdict.rule(), Some("could-not-verify"));
    // A name that is not UTF-8, matched by a pattern.
    use std::os::unix::ffi::OsStrExt;
    let odd = project.root.join(std::ffi::OsStr::from_bytes(b"run\xff.sh"));
    std::fs::write(odd, "rm -rf ~\n").expect("a file with a name that is not UTF-8");
    let verdict = analyze("bash run*.sh", &project.context());
    assert_eq!(verdict.rule(), Some("could-not-verify"));
}

#[test]
fn a_script_too_large_to_read_is_not_waved_through() {
    let project = Project::new("large");
    let mut big = String::from("#!/bin/sh\n");
    while big.len() <= 300 * 1024 {
        big.push_str("echo 'padding line to make the script larger than the guard reads'\n");
    }
    project.write("big.sh", &big);
    let verdict = analyze("bash big.sh", &project.context());
    assert_eq!(verdict.decision, Decision::Ask);
    assert_eq!(verdict.rule(), Some("could-not-verify"));
}

#[test]
fn a_script_with_more_commands_than_judged_asks_instead_of_denying() {
    let project = Project::new("long");
    let mut long = String::from("#!/bin/sh\n");
    for _ in 0..25_000 {
        long.push_str(":\n");
    }
    project.write("long.sh", &long);
    let verdict = analyze("bash long.sh && echo done", &project.context());
    assert_eq!(verdict.decision, Decision::Ask);
    assert_eq!(verdict.rule(), Some("could-not-verify"));
    // What comes after the script is still judged.
    let verdict = analyze("bash long.sh && rm -rf ~", &project.context());
    assert_eq!(verdict.rule(), Some("rm-home"));
}

#[test]
fn a_script_the_command_writes_is_judged_before_it_exists() {
    // The file is written and run in the same command: its content comes from the command.
    let project = Project::new("written");
    assert_eq!(
        project.judge("printf '#!/bin/sh\\nrm -rf ~\\n' > x.sh && chmod +x x.sh && ./x.sh"),
        deny("rm-home")
    );
}

#[test]
fn project_files_are_judged_for_the_part_that_runs() {
    let project = Project::new("projects");
    project
        .write(
            "package.json",
            r#"{"scripts": {"test": "jest", "pretest": "rm -rf ~", "build": "tsc", "postinstall": "git push --force"}}"#,
        )
        .write(
            "Makefile",
            "CC = cc\n\nall: build\n\nbuild:\n\t$(CC) -o app main.c\n\nclean:\n\trm -rf build\n\nnuke: clean\n\trm -rf $(HOME)\n",
        )
        .write("justfile", "default:\n    cargo test\n\nwipe target:\n    rm -rf ~\n");
    // `npm test` runs `pretest` first.
    assert_eq!(project.judge("npm test"), deny("rm-home"));
    assert_eq!(project.judge("npm run build"), ALLOW);
    assert_eq!(project.judge("yarn build"), ALLOW);
    assert_eq!(project.judge("npm install"), deny("git-push-force"));
    assert_eq!(project.judge("npm install lodash"), ALLOW);
    assert_eq!(project.judge("make"), ALLOW);
    assert_eq!(project.judge("make clean"), ALLOW);
    assert_eq!(project.judge("make nuke"), deny("rm-home"));
    assert_eq!(project.judge("just"), ALLOW);
    assert_eq!(project.judge("just wipe x"), deny("rm-home"));
    // A package.json the command writes is judged before it exists.
    let tasks = Project::new("taskfile");
    tasks.write(
        "Taskfile.yml",
        "version: '3'\n\nvars:\n  SHA:\n    sh: git rev-parse HEAD\n\ntasks:\n  default:\n    deps: [build]\n    cmds:\n      - echo done\n  build:\n    desc: Build it\n    sources:\n      - 'src/**/*.go'\n    cmds:\n      - go build ./...\n      - cmd: go vet ./...\n  lint: golangci-lint run\n  clean:\n    cmds:\n      - rm -rf dist\n  wipe:\n    cmds:\n      - task: clean\n      - |\n        echo wiping\n        rm -rf ~\n  push:\n    preconditions:\n      - sh: test -n \"$CI\"\n    cmds:\n      - cmd: git push --force\n  release:\n    deps:\n      - task: push\n",
    );
    assert_eq!(tasks.judge("task"), ALLOW);
    assert_eq!(tasks.judge("task build lint clean"), ALLOW);
    assert_eq!(tasks.judge("go-task wipe"), deny("rm-home"));
    assert_eq!(tasks.judge("task push"), deny("git-push-force"));
    assert_eq!(tasks.judge("task release"), deny("git-push-force"));
    assert_eq!(tasks.judge("task --list"), ALLOW);
    assert_eq!(tasks.judge("task --dry wipe"), ALLOW);
    assert_eq!(tasks.judge("task add rm -rf dist"), ALLOW);
    let fresh = Project::new("projects-written");
    assert_eq!(
        fresh.judge(r#"echo '{"scripts":{"go":"git reset --hard"}}' > package.json && npm run go"#),
        deny("git-reset-hard")
    );
}

#[test]
fn a_settings_file_given_to_claude_is_read() {
    let project = Project::new("claude-settings");
    project
        .write(
            "team.json",
            r#"{"model": "opus", "permissions": {"allow": ["Bash(npm test)"]}}"#,
        )
        .write(
            "bypass.json",
            r#"{"permissions": {"defaultMode": "bypassPermissions"}}"#,
        )
        .write("nohooks.json", r#"{ "disableAllHooks": true }"#);
    assert_eq!(project.judge("claude --settings team.json -p x"), ALLOW);
    assert_eq!(
        project.judge("claude --settings bypass.json -p x"),
        deny("agent-guards-off")
    );
    assert_eq!(
        project.judge("claude --settings ./nohooks.json -p x"),
        deny("agent-guards-off")
    );
    let ask = (Decision::Ask, Some("could-not-verify".to_owned()));
    assert_eq!(
        project.judge("claude --settings missing.json -p x"),
        ask,
        "not there yet"
    );
    assert_eq!(
        project.judge("cp other.json team.json && claude --settings team.json -p x"),
        ask,
        "written by the command first: what is on disk now is not what claude reads"
    );
}

#[test]
fn a_pattern_in_the_command_name_is_the_program_it_matches() {
    let project = Project::new("program-pattern");
    project.write("bin/rm", "").write("bin/rmdir", "").write("bin/git", "");
    let bin = project.path("bin");
    let home = project.path("home");
    assert_eq!(project.judge(&format!("{bin}/r[m] -rf {home}")), deny("rm-home"));
    assert_eq!(
        project.judge(&format!("{bin}/gi? push --force")),
        deny("git-push-force")
    );
    assert_eq!(
        project.judge(&format!("{bin}/rm* -rf {home}")).0,
        Decision::Ask,
        "two files match: which one runs depends on the sort order"
    );
    assert_eq!(
        project.judge(&format!("{bin}/zz* --version")),
        ALLOW,
        "no file matches: the name as written, which no program has"
    );
    assert_eq!(
        project.judge(&format!("touch {bin}/zzrm; {bin}/zz* -rf {home}")).0,
        Decision::Ask,
        "no file matches yet: the command before it may make one"
    );
    assert_eq!(
        project.judge(&format!("cd {home} && touch rm && [r]m -rf {home}")).0,
        Decision::Ask,
        "the name the pattern matches then is looked up on PATH"
    );
}

#[test]
fn files_on_disk_fed_to_clients_and_consoles_otherwise_are_read() {
    let project = Project::new("sql-fed");
    project
        .write("drop.sql", "DROP TABLE users;\n")
        .write("report.sql", "SELECT count(*) FROM users;\n")
        .write("wipe.py", "from app.models import User\nUser.objects.all().delete()\n")
        .write("count.py", "from app.models import User\nprint(User.objects.count())\n")
        .write("wipe.rb", "User.delete_all\n")
        .write("wipe.php", "<?php\nDB::table('users')->delete();\n");
    let ask = (Decision::Ask, Some("sql-destructive".to_owned()));
    for command in [
        "psql -c \"$(cat drop.sql)\"",
        "mysql -e \"$(< drop.sql)\"",
        "sqlite3 app.db \"$(cat report.sql drop.sql)\"",
        "sqlcmd -S db -Q \"$(cat drop.sql)\"",
        "sqlcmd -S db -i report.sql,drop.sql",
        "sqlcmd -S db --input-file=drop.sql",
        "ssh db.example.com psql < drop.sql",
        "ssh db.example.com mysql app < drop.sql",
        "ssh db.example.com 'psql -d app' < drop.sql",
        "python manage.py shell < wipe.py",
        "bin/rails console < wipe.rb",
        "bin/rails runner wipe.rb",
        "php artisan tinker wipe.php",
        "python manage.py dbshell < drop.sql",
    ] {
        assert_eq!(project.judge(command), ask, "{command}");
    }
    for command in [
        "psql -c \"$(cat report.sql)\"",
        "psql -c \"$(cat missing.sql)\"",
        "mysql -e \"$(< missing.sql)\"",
        "sqlcmd -S db -i report.sql,missing.sql",
        "ssh db.example.com psql < report.sql",
        "ssh db.example.com psql < missing.sql",
        "python manage.py shell < count.py",
        "python manage.py shell < missing.py",
        "bin/rails runner missing.rb",
        "bin/rails runner < wipe.rb",
    ] {
        assert_eq!(project.judge(command), ALLOW, "{command}");
    }
}

#[test]
fn sql_scripts_on_disk_are_read_by_the_database_clients() {
    let project = Project::new("sql");
    project
        .write("drop.sql", "-- start over\nDROP TABLE users;\n")
        .write("report.sql", "SELECT count(*) FROM users;\n")
        .write("drop.js", "db.users.drop()\n")
        .write("find.js", "db.users.find()\n");
    let ask = (Decision::Ask, Some("sql-destructive".to_owned()));
    for command in [
        "psql -f drop.sql",
        "psql app < drop.sql",
        "mysql app < drop.sql",
        "sqlite3 app.db < drop.sql",
        "sqlite3 app.db '.read drop.sql'",
        "psql -c '\\i drop.sql'",
        "mysql -e 'source drop.sql'",
        "sqlcmd -S db -i drop.sql",
        "cqlsh -f drop.sql",
        "duckdb app.db < drop.sql",
        "mongosh app drop.js",
        "mongosh app --file drop.js",
        "duckdb app.db '.read drop.sql'",
        "duckdb -c '.read drop.sql' app.db",
        "duckdb -init drop.sql app.db",
        "sqlcmd -S db -Q ':r drop.sql'",
        "cqlsh -e \"SOURCE 'drop.sql'\"",
        "surreal import --conn http://h --ns a --db b drop.sql",
        "cat drop.sql | docker exec -i db psql -U app",
        "cat drop.sql | docker compose exec -T db psql -U app",
        "docker exec -i db mysql app < drop.sql",
        "docker compose exec -T db psql -U app < drop.sql",
        "cp drop.sql copy.sql && psql -f copy.sql",
        "clickhouse-client --queries-file drop.sql",
        "sqlplus -s u/p@db @drop.sql",
        "psql -c '\\ir drop.sql'",
        "mysql -e '\\. drop.sql'",
        "mongosh app --eval 'load(\"drop.js\")'",
    ] {
        assert_eq!(project.judge(command), ask, "{command}");
    }
    for command in [
        "psql -f report.sql",
        "mysql app < report.sql",
        "sqlite3 app.db '.read report.sql'",
        "mongosh app find.js",
        "psql -f missing.sql",
        "duckdb app.db '.read report.sql'",
        "duckdb app.db '.read missing.sql'",
        "sqlcmd -S db -Q ':r report.sql'",
        "cat report.sql | docker exec -i db psql -U app",
        "docker exec -i db mysql app < missing.sql",
        "cp report.sql copy2.sql && psql -f copy2.sql",
        "surreal import --conn http://h --ns a --db b report.sql",
    ] {
        assert_eq!(project.judge(command), ALLOW, "{command}");
    }
}
