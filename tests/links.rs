//! Paths are judged where the system resolves them: a symbolic link on the way (on disk, or made
//! earlier by the same command) leads a delete, a read or a write to the place it points at. Each
//! case has a look-alike through a harmless link that must pass.

mod common;
#[path = "common/project.rs"]
mod project;

use agent_safety_net::{Context, Decision, analyze_edit, analyze_read, analyze_write};
use project::{ALLOW, Project, deny, judged};

/// A project `project/` beside a home `home/` holding keys and a startup file, with links from
/// the project to the home, to `/`, to a folder of its own, and to the startup file.
fn linked_project(name: &str) -> Project {
    let project = Project::new(name);
    let home = project.path("home");
    project
        .write("home/.ssh/id_ed25519", "not a real key\n")
        .write("home/.bashrc", "# startup\n")
        .write("project/build/out.txt", "built\n")
        .write("project/notes.txt", "notes\n")
        .link("project/homelink", home.as_str())
        .link("home/keys-link", &format!("{home}/.ssh"))
        .link("project/rootlink", "/")
        .link("project/out", "build")
        .link("project/rc", &format!("{home}/.bashrc"))
        .link("project/loop-a", "loop-b")
        .link("project/loop-b", "loop-a");
    project
}

/// The context of a command run in `cwd` (relative to the root) of the project `project/`.
fn in_project(project: &Project, cwd: &str) -> Context {
    let mut context = Context::new(project.path(cwd), project.path("home"));
    context.project_root = project.path("project");
    context
}

#[test]
fn deletes_through_a_link_land_where_it_leads() {
    let project = linked_project("links-rm");
    let context = in_project(&project, "project");
    for (command, expected) in [
        // A link the same command makes.
        ("ln -s ~ h && rm -rf h/*", deny("rm-home")),
        ("ln -s ~ h; rm -rf h/", deny("rm-home")),
        ("ln -s build b && rm -rf b/*", ALLOW),
        // Links already on disk: `link/` and `link/*` empty the target, `link` is the link.
        ("rm -rf homelink/", deny("rm-home")),
        ("rm -rf homelink/*", deny("rm-home")),
        ("rm -rf homelink", ALLOW),
        ("rm -rf rootlink/*", deny("rm-root")),
        ("rm -rf rootlink", ALLOW),
        ("rm -rf out/*", ALLOW),
        ("rm -rf out/", ALLOW),
        // The working folder moved through a link.
        ("cd homelink && rm -rf ./*", deny("rm-home")),
        ("cd out && rm -rf ./*", ALLOW),
        // Links that loop lead nowhere: the kernel refuses, nothing is deleted.
        ("rm -rf loop-a/*", ALLOW),
        // find searches a root that is a link with -L or -H, or written with a trailing `/`.
        ("find homelink/ -delete", deny("rm-home")),
        ("find -L homelink -name '*.log' -delete", deny("rm-home")),
        ("find homelink -delete", ALLOW),
        ("find out/ -delete", ALLOW),
        // Links made other ways, and links moved or copied as links.
        ("ln -s ~ x && mv x y && rm -rf y/*", deny("rm-home")),
        ("mv homelink y && rm -rf y/*", deny("rm-home")),
        ("cp -a homelink y && rm -rf y/*", deny("rm-home")),
        ("cp -r out y && rm -rf y/*", ALLOW),
        ("cp -L homelink y && rm -rf y/*", ALLOW),
        // A pattern with a trailing `/` goes into the links it matches.
        ("rm -rf home*/", deny("rm-home")),
        ("rm -rf root*/", deny("rm-root")),
        ("rm -rf bu*/", ALLOW),
        // A `..` after a link goes up from where the link points, as the kernel goes.
        ("rm -rf homelink/../home/*", deny("rm-home")),
        ("cd homelink && rm -rf ../home/*", deny("rm-home")),
        ("rm -rf out/../notes.txt", ALLOW),
        // `cd -P` and `set -P` go where links lead, and `..` from there is physical.
        ("cd -P homelink/.. && rm -rf home/*", deny("rm-home")),
        ("set -P; cd homelink/..; rm -rf home/*", deny("rm-home")),
        ("cd -P homelink && cd .. && rm -rf home/", deny("rm-home")),
        ("cd -P out && rm -rf ./*", ALLOW),
        // find through `root/.` and with `-follow`.
        ("find homelink/. -delete", deny("rm-home")),
        ("find homelink -follow -delete", deny("rm-home")),
        // rsync goes into its destination through a link.
        ("rsync -a --delete build/ homelink/", deny("rm-home")),
        ("rsync -a --delete build/ out/", ALLOW),
    ] {
        assert_eq!(judged(command, &context), expected, "{command}");
    }
}

#[test]
fn a_search_that_follows_links_deletes_through_every_link_below() {
    let project = linked_project("links-find");
    let context = in_project(&project, "project");
    assert_eq!(
        judged("find -L . -name '*.log' -delete", &context).0,
        Decision::Deny,
        "homelink and rootlink lie below"
    );
    assert_eq!(judged("find . -follow -type f -delete", &context).0, Decision::Deny);
    assert_eq!(judged("find . -name '*.log' -delete", &context), ALLOW);
    let context = in_project(&project, "project/build");
    assert_eq!(judged("find -L . -name '*.log' -delete", &context), ALLOW);
}

#[test]
fn reads_and_writes_through_a_link_are_judged_where_it_leads() {
    let project = linked_project("links-files");
    let context = in_project(&project, "project");
    for (command, expected) in [
        ("cat homelink/.ssh/id_ed25519", deny("read-credentials")),
        ("cat out/out.txt", ALLOW),
        ("echo 'alias ls=x' >> rc", deny("write-startup-file")),
        ("echo x > homelink/.bashrc", deny("write-startup-file")),
        ("cp notes.txt homelink/.bashrc", deny("write-startup-file")),
        ("echo x >> out/log.txt", ALLOW),
        ("cat homelink/../home/.ssh/id_ed25519", deny("read-credentials")),
        ("echo x >> homelink/.ssh/../.bashrc", deny("write-startup-file")),
        ("cat out/../notes.txt", ALLOW),
        // Outside the project, a folder of the home that is a link into `~/.ssh`.
        (
            "echo key >> ../home/keys-link/authorized_keys",
            deny("write-credentials"),
        ),
        ("echo key >> ../home/keys-link/notes.txt", deny("write-credentials")),
        // chmod and chown change what a link points at.
        ("chmod 777 homelink/.ssh", deny("write-credentials")),
        ("chmod 644 out/out.txt", ALLOW),
        ("chmod -R 777 rootlink", deny("permissions-recursive")),
        ("chown -R nobody homelink", deny("permissions-recursive")),
        ("chmod -R 755 out", ALLOW),
        ("truncate -s 0 rc", deny("write-startup-file")),
        // Links made by cp and link are followed as ln's are.
        ("cp -s ~/.bashrc x && echo y >> x", deny("write-startup-file")),
        ("cp -l ~/.bashrc x && echo y >> x", deny("write-startup-file")),
        ("link ~/.ssh/id_ed25519 k && cat k", deny("read-credentials")),
        ("cp -a rc rc2 && echo y >> rc2", deny("write-startup-file")),
        ("cp rc rc2 && echo y >> rc2", ALLOW),
        // A hard link the same command makes is the same file as its target.
        ("ln ~/.bashrc mine && echo x >> mine", deny("write-startup-file")),
        ("ln notes.txt mine && echo x >> mine", ALLOW),
    ] {
        assert_eq!(judged(command, &context), expected, "{command}");
    }
}

#[test]
fn the_editor_tools_follow_links_too() {
    let project = linked_project("links-tools");
    let context = in_project(&project, "project");
    // Written out, not normalized: `link/..` is the kernel's to resolve.
    let file = |name: &str| format!("{}/project/{name}", project.root.display());
    let decision = |verdict: Option<agent_safety_net::Verdict>| verdict.expect("a path").decision;
    assert_eq!(
        decision(analyze_read(&file("homelink/.ssh/id_ed25519"), &context)),
        Decision::Deny
    );
    assert_eq!(decision(analyze_write(&file("rc"), &context)), Decision::Deny);
    assert_eq!(decision(analyze_edit(&file("rc"), &context)), Decision::Deny);
    assert_eq!(decision(analyze_read(&file("out/out.txt"), &context)), Decision::Allow);
    assert_eq!(
        decision(analyze_read(&file("homelink/../home/.ssh/id_ed25519"), &context)),
        Decision::Deny
    );
    assert_eq!(
        decision(analyze_edit(&file("homelink/.ssh/../.bashrc"), &context)),
        Decision::Deny
    );
    assert_eq!(
        decision(analyze_edit(&file("out/../notes.txt"), &context)),
        Decision::Allow
    );
    assert_eq!(decision(analyze_write(&file("out/new.txt"), &context)), Decision::Allow);
}

#[test]
fn a_working_folder_that_is_a_link_is_where_it_leads() {
    let project = linked_project("links-cwd");
    // The agent's payload names a folder that is a link to the home folder.
    let context = in_project(&project, "project/homelink");
    assert_eq!(judged("rm -rf ./*", &context), deny("rm-home"));
    let context = in_project(&project, "project/out");
    assert_eq!(judged("rm -rf ./*", &context), ALLOW);
}

#[test]
fn a_project_reached_through_a_link_stays_the_project() {
    // As `/tmp` is a link to `/private/tmp` on macOS: the project is named by a link.
    let project = linked_project("links-project");
    project.link("via", &project.path("project").to_string());
    let mut context = Context::new(project.path("via"), project.path("home"));
    context.project_root = project.path("via");
    let real = project.path("project");
    for command in [
        "rm -rf build".to_owned(),
        "rm -rf ./*.txt".to_owned(),
        "echo x > notes.txt".to_owned(),
        "cat notes.txt".to_owned(),
        // A `..` goes up physically, to the real project, which is the project too.
        "rm -rf build/../notes.txt".to_owned(),
        "cd build && rm -rf ../notes.txt".to_owned(),
        // The project by its real path.
        format!("rm -rf {real}/build"),
        format!("echo x > {real}/new.txt"),
    ] {
        assert_eq!(judged(&command, &context), ALLOW, "{command}");
    }
    assert_eq!(judged("rm -rf homelink/*", &context), deny("rm-home"));
}

#[test]
fn a_home_folder_reached_through_a_link_is_the_home_folder() {
    // As /home -> /var/home on Fedora Atomic: $HOME names the link, paths come by the real place.
    let project = linked_project("links-home");
    project.link("home-link", &project.path("home").to_string());
    let mut context = Context::new(project.path("project"), project.path("home-link"));
    context.project_root = project.path("project");
    assert_eq!(
        judged("cat ../home/.ssh/id_ed25519", &context),
        deny("read-credentials")
    );
    assert_eq!(
        judged("echo x >> ../home/.bashrc", &context),
        deny("write-startup-file")
    );
    assert_eq!(judged("rm -rf ../home/*", &context), deny("rm-home"));
    assert_eq!(judged("cat ../home/notes.txt", &context), ALLOW);
}

#[test]
fn a_project_named_through_a_link_holds_its_real_working_folder() {
    // The agent names the project through a link and the working folder by its real path (or
    // the other way round): the working folder is in the project all the same.
    let project = linked_project("links-align");
    project.link("via", &project.path("project").to_string());
    let check = |cwd: &str, root: &str, command: &str| {
        let mut check = std::process::Command::new(env!("CARGO_BIN_EXE_safety-net"));
        check.args([
            "check",
            "--cwd",
            cwd,
            "--home",
            project.path("home").as_str(),
            "--project-root",
            root,
        ]);
        let output = common::run_with_input(&mut check, command.as_bytes());
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let (real, link) = (project.path("project"), project.path("via"));
    for (cwd, root) in [(&real, &link), (&link, &real)] {
        let output = check(cwd.as_str(), root.as_str(), "rm -rf build\n");
        assert!(output.starts_with("allow\t"), "{cwd} in {root}: {output}");
        let output = check(cwd.as_str(), root.as_str(), "rm -rf homelink/*\n");
        assert!(output.starts_with("deny\trm-home"), "{cwd} in {root}: {output}");
    }
}

#[test]
fn a_write_through_a_chain_of_links_changes_each_protected_file_on_the_way() {
    // Dotfiles kept by stow: ~/.bashrc is itself a link into ~/dotfiles.
    let project = Project::new("links-stow");
    let home = project.path("home");
    project
        .write("home/dotfiles/bashrc", "# startup\n")
        .link("home/.bashrc", "dotfiles/bashrc")
        .write("project/notes.txt", "notes\n")
        .link("project/rc", &format!("{home}/.bashrc"));
    let context = in_project(&project, "project");
    assert_eq!(judged("echo x >> rc", &context), deny("write-startup-file"));
    assert_eq!(judged("echo x >> ~/.bashrc", &context), deny("write-startup-file"));
    assert_eq!(judged("echo x >> notes.txt", &context), ALLOW);
}

#[test]
fn with_no_project_a_command_in_a_repository_works_in_that_repository() {
    // The agent started in the home folder: nothing is its project, but a command that goes into
    // a repository works there as in a project. (Below the temp folder everything is a temp
    // place, so the rule tells which project the delete was judged against.)
    let project = Project::new("links-no-project");
    project
        .write("home/code/app/.git/HEAD", "ref: x\n")
        .write("home/code/app/src/a.rs", "\n");
    let home = project.path("home");
    let mut check = std::process::Command::new(env!("CARGO_BIN_EXE_safety-net"));
    check.args(["check", "--cwd", home.as_str(), "--home", home.as_str()]);
    let output = common::run_with_input(&mut check, b"cd code/app && rm -rf ./*\ncd code/app && rm -rf src\n");
    let lines = String::from_utf8_lossy(&output.stdout).into_owned();
    let verdicts: Vec<&str> = lines
        .lines()
        .map(|line| line.split('\t').take(2).last().unwrap_or(""))
        .collect();
    assert_eq!(verdicts, ["rm-project-root", "-"], "{lines}");
}

#[test]
fn a_cd_into_a_folder_on_disk_does_not_fail_and_one_into_a_missing_folder_may() {
    // What follows `cd x;` runs in the folder before when `x` is missing, so it is judged there
    // too; a folder that is there is entered.
    let project = Project::new("links-cd");
    project.write("build/out.o", "\n");
    let context = project.context();
    assert_eq!(judged("cd build; rm -rf *", &context), ALLOW);
    assert_eq!(judged("cd missing; rm -rf *", &context), deny("rm-project-root"));
    assert_eq!(judged("cd missing && rm -rf *", &context), ALLOW);
}
