//! GitHub Actions annotations: one workflow command per problem, with the file relative
//! to the checkout. The problem's words are on one line already ([`Problem`]); the file
//! is shown as [`goref::text::shown`] writes it, and the runner's own escapes come last.

use std::path::Path;

use goref::text::shown;

use super::fail_on::Problem;

/// One GitHub Actions workflow command: `::error file=PATH,title=TITLE::MESSAGE`.
///
/// `file` is the path relative to the working directory (the repository checkout in a
/// workflow); for an archive member (`ARCHIVE!MEMBER`), the archive file. Escaping follows GitHub's runner:
/// `%`, CR and LF in the message; those and `:` and `,` in properties.
pub fn github_annotation(file: &str, problem: &Problem, cwd: Option<&Path>) -> String {
    let file = disk_file(file);
    let relative = match cwd {
        Some(cwd) => Path::new(file)
            .strip_prefix(cwd)
            .map_or_else(|_| file.to_string(), |p| p.to_string_lossy().into_owned()),
        None => file.to_string(),
    };
    let relative = relative.strip_prefix("./").unwrap_or(&relative);
    format!(
        "::error file={},title={}::{}",
        escape_property(&shown(relative)),
        escape_property(&problem.title),
        escape_data(&problem.message())
    )
}

/// The file on disk behind a unit's name: the name itself, or the longest prefix before
/// a `!` that is a file (an archive holding the member).
fn disk_file(name: &str) -> &str {
    if Path::new(name).exists() {
        return name;
    }
    name.match_indices('!')
        .map(|(i, _)| &name[..i])
        .rfind(|prefix| Path::new(prefix).is_file())
        .unwrap_or(name)
}

fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn annotations_escape_as_github_reads_them() {
        let problem = Problem {
            title: "goref: ko".to_string(),
            at: String::new(),
            detail: "100% sure\nnext".to_string(),
        };
        assert_eq!(
            github_annotation("/r/a,b:c.sgf", &problem, Some(Path::new("/r"))),
            "::error file=a%2Cb%3Ac.sgf,title=goref%3A ko::100%25 sure%0Anext"
        );
        assert_eq!(
            github_annotation("./x.sgf", &problem, None),
            "::error file=x.sgf,title=goref%3A ko::100%25 sure%0Anext"
        );
    }
}
