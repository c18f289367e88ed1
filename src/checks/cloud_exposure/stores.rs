//! Secret stores' deleting subcommands, one row per store: password managers (1Password,
//! Bitwarden, pass, gopass, the macOS keychain) and the secrets of deployment platforms and CI
//! (Infisical, Doppler, Fly.io, Vercel, Netlify, Heroku, Cloudflare Workers, Supabase, GitHub
//! Actions), whose values are often stored nowhere else and are never shown again.

/// One store's deleting subcommand.
pub struct Deletion {
    pub programs: &'static [&'static str],
    /// The subcommand path, each word given with its aliases.
    pub path: &'static [&'static [&'static str]],
    /// Options that keep what is deleted where it can be restored (`op item delete --archive`):
    /// with one of them given, nothing is lost.
    pub kept_by: &'static [&'static str],
    /// Options without which the entry only goes to a trash it can be restored from (`bw delete
    /// item` without `--permanent`); empty when the deletion is final either way.
    pub final_with: &'static [&'static str],
    /// Whether the store holds ordinary settings beside secrets (a platform's environment
    /// variables): then only a variable whose name says it is a secret (`DATABASE_URL`,
    /// `STRIPE_SECRET_KEY`, not `NEXT_PUBLIC_API_URL`) is judged, by the operand after the path.
    pub by_name: bool,
    /// What is deleted.
    pub what: &'static str,
}

pub const DELETIONS: &[Deletion] = &[
    Deletion {
        programs: &["op"],
        path: &[&["item", "document"], &["delete", "remove", "rm"]],
        kept_by: &["--archive"],
        final_with: &[],
        by_name: false,
        what: "a 1Password item",
    },
    Deletion {
        programs: &["op"],
        path: &[&["vault"], &["delete", "remove", "rm"]],
        kept_by: &[],
        final_with: &[],
        by_name: false,
        what: "a 1Password vault and every item in it",
    },
    Deletion {
        programs: &["bw"],
        path: &[&["delete"], &["item"]],
        kept_by: &[],
        final_with: &["--permanent", "-p"],
        by_name: false,
        what: "a Bitwarden item, past its trash",
    },
    Deletion {
        programs: &["bw"],
        path: &[&["delete"], &["attachment"]],
        kept_by: &[],
        final_with: &[],
        by_name: false,
        what: "a Bitwarden attachment",
    },
    Deletion {
        programs: &["pass", "gopass"],
        path: &[&["rm", "remove", "delete"]],
        kept_by: &[],
        final_with: &[],
        by_name: false,
        what: "passwords of the password store",
    },
    Deletion {
        programs: &["security"],
        path: &[&[
            "delete-generic-password",
            "delete-internet-password",
            "delete-identity",
            "delete-keychain",
        ]],
        kept_by: &[],
        final_with: &[],
        by_name: false,
        what: "passwords or keys of a macOS keychain",
    },
    Deletion {
        programs: &["infisical"],
        path: &[&["secrets"], &["delete"]],
        kept_by: &[],
        final_with: &[],
        by_name: false,
        what: "Infisical secrets",
    },
    Deletion {
        programs: &["doppler"],
        path: &[&["secrets"], &["delete"]],
        kept_by: &[],
        final_with: &[],
        by_name: false,
        what: "Doppler secrets",
    },
    Deletion {
        programs: &["fly", "flyctl"],
        path: &[&["secrets"], &["unset", "remove", "rm"]],
        kept_by: &[],
        final_with: &[],
        by_name: false,
        what: "an app's secrets, which Fly.io never shows again",
    },
    Deletion {
        programs: &["vercel"],
        path: &[&["env"], &["rm", "remove"]],
        kept_by: &[],
        final_with: &[],
        by_name: true,
        what: "a secret of the project's environment, which Vercel may never show again",
    },
    Deletion {
        programs: &["netlify"],
        path: &[&["env:unset", "env:delete", "env:remove"]],
        kept_by: &[],
        final_with: &[],
        by_name: true,
        what: "a secret of the site's environment, often stored nowhere else",
    },
    Deletion {
        programs: &["heroku"],
        path: &[&["config:unset", "config:remove"]],
        kept_by: &[],
        final_with: &[],
        by_name: true,
        what: "a secret of the app's config vars, often stored nowhere else",
    },
    Deletion {
        programs: &["wrangler"],
        path: &[&["secret"], &["delete"]],
        kept_by: &[],
        final_with: &[],
        by_name: false,
        what: "a Worker's secret, which Cloudflare never shows again",
    },
    Deletion {
        programs: &["supabase"],
        path: &[&["secrets"], &["unset"]],
        kept_by: &[],
        final_with: &[],
        by_name: false,
        what: "a project's function secrets",
    },
    Deletion {
        programs: &["gh"],
        path: &[&["secret"], &["delete", "remove"]],
        kept_by: &[],
        final_with: &[],
        by_name: false,
        what: "a repository secret, whose value GitHub never shows again",
    },
];
