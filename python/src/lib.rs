//! `goref._goref`, the extension module of the Python package `goref` (python/goref/).
//!
//! Every check is the library's (`goref::check`, `goref::judge`); what this crate adds is
//! the Python side of it: arguments read as the command line reads them, results handed
//! over as the JSON the command line writes (as Python objects), and `batch` run on the
//! command line's own input walk and pipeline (`cmd/batch/inputs.rs`, `pipeline.rs`,
//! compiled here from the same files) on a thread pool of its own, without the GIL.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, TryLockError};
use std::thread::JoinHandle;
use std::time::Duration;

use goref::check;
use goref::judge::DeadPlan;
use goref::life::DeadChoice;
use goref::point::PointName;
use goref::report::{CheckError, GameReport, Warning};
use goref::rules::{self, RulesChoice};
use goref::sgf::{self, Action, GameRecord, Limits};
use pyo3::IntoPyObjectExt;
use pyo3::create_exception;
use pyo3::exceptions::{PyAttributeError, PyException, PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList};
use serde_json::{Map, Value, json};

/// The command line's own reading of files, walking of folders and archives, and
/// ordered parallel pipeline: the same source files, so `goref.batch` reads what `goref
/// batch` reads, names each unit as it does, and words each read error as it does.
#[allow(dead_code, unused_imports)]
#[path = "../../cmd/input.rs"]
mod input;
#[allow(dead_code)]
#[path = "../../cmd/words.rs"]
mod words;
#[allow(dead_code, unused_imports)]
#[path = "../../cmd/batch"]
mod walk {
    pub mod inputs;
    pub mod pipeline;
}

/// What the command line's files above ask of the rest of the command line. `places`
/// refuses to read the command's own output files: a Python call writes none.
mod places {
    pub fn guarding() -> bool {
        false
    }
    pub fn guard(_meta: &std::fs::Metadata) -> Option<String> {
        None
    }
}

/// `words::print_error` writes through this; nothing here calls it.
mod stdout {
    pub fn diagnostic(_text: impl std::fmt::Display) {}
}

/// The command line's allocator (cmd/main.rs): the library allocates per game and per
/// row, and with the system's allocator a batch took about a third more CPU.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use walk::inputs::Source;
use walk::pipeline;

create_exception!(
    goref,
    GorefError,
    PyException,
    "An error of goref's: the message is the library's sentence."
);
create_exception!(
    goref,
    LoadError,
    GorefError,
    "The bytes hold no SGF goref can read (empty, no game, another format, too large)."
);

// ---------------------------------------------------------------------------------------
// JSON values as Python objects.

fn to_py(py: Python<'_>, value: &Value) -> PyResult<Py<PyAny>> {
    Ok(match value {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any().unbind(),
            (None, Some(u)) => u.into_pyobject(py)?.into_any().unbind(),
            _ => n
                .as_f64()
                .unwrap_or(f64::NAN)
                .into_pyobject(py)?
                .into_any()
                .unbind(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any().unbind(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any().unbind()
        }
        Value::Object(map) => map_to_py(py, map)?.into_any().unbind(),
    })
}

fn map_to_py<'py>(py: Python<'py>, map: &Map<String, Value>) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (key, value) in map {
        dict.set_item(key, to_py(py, value)?)?;
    }
    Ok(dict)
}

/// A JSON object, or nothing.
fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

/// Declares a read-only, dataclass-like view of one JSON object: its keys are the
/// attributes (`report.valid`), `to_dict()` gives the whole object, and the keys named
/// in the braces are views of their own (an object, or a list of objects).
macro_rules! view {
    ($name:ident, $doc:literal, { $($key:literal => $class:ident),* }) => {
        #[doc = $doc]
        #[pyclass(frozen, module = "goref")]
        pub struct $name {
            map: Map<String, Value>,
        }

        impl $name {
            #[allow(dead_code)]
            fn wrap(py: Python<'_>, value: &Value) -> PyResult<Py<PyAny>> {
                Ok(match value {
                    Value::Object(map) => Py::new(py, $name { map: map.clone() })?.into_any(),
                    Value::Array(items) => {
                        let list = PyList::empty(py);
                        for item in items {
                            list.append($name::wrap(py, item)?)?;
                        }
                        list.into_any().unbind()
                    }
                    other => to_py(py, other)?,
                })
            }
        }

        #[pymethods]
        impl $name {
            fn __getattr__(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
                match self.map.get(name) {
                    $(Some(value) if name == $key => $class::wrap(py, value),)*
                    Some(value) => to_py(py, value),
                    None => Err(PyAttributeError::new_err(format!(
                        "'{}' object has no attribute '{}'",
                        stringify!($name),
                        name
                    ))),
                }
            }

            fn __dir__(&self) -> Vec<String> {
                let mut names: Vec<String> = self.map.keys().cloned().collect();
                names.push("to_dict".to_string());
                names
            }

            /// The object as plain Python values: the JSON goref writes, parsed.
            fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
                map_to_py(py, &self.map)
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other
                    .cast::<$name>()
                    .is_ok_and(|other| other.get().map == self.map)
            }

            fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
                let mut parts = Vec::new();
                for (key, value) in &self.map {
                    let shown = match value {
                        Value::Array(items) => format!("[{} items]", items.len()),
                        Value::Object(_) => "{...}".to_string(),
                        other => to_py(py, other)?.bind(py).repr()?.to_string(),
                    };
                    parts.push(format!("{key}={shown}"));
                }
                Ok(format!("{}({})", stringify!($name), parts.join(", ")))
            }
        }
    };
}

view!(
    Finding,
    "One finding of the validator or the count, as in the JSON output.",
    {}
);
view!(
    Score,
    "The count and result of a game under one rule set, as in the JSON output.",
    {}
);
view!(Report, "The report of one game under one rule set: one object of `goref validate` or `goref score --format json`.", {
    "findings" => Finding, "score" => Score
});
view!(Move, "One move of a game's main line, as loaded.", {});
view!(Game, "One game as loaded: its root values, its main line's moves and the loader's warnings.", {
    "moves" => Move
});

// ---------------------------------------------------------------------------------------
// Reports as the command line writes them.

/// A report as `goref validate|score --format json` writes it (cmd/output/json.rs):
/// the library's object with its error, warnings and notes in the command line's words.
fn report_json(report: &GameReport) -> Map<String, Value> {
    let mut value = serde_json::to_value(report).unwrap_or(Value::Null);
    if let Some(error) = &report.error {
        value["error"] = json!(words::error(error));
    }
    value["warnings"] = report.warnings.iter().map(words::warning).collect();
    if let Some(score) = &report.score {
        value["score"]["notes"] = score.notes.iter().map(words::note).collect();
    }
    object(value)
}

fn reports(py: Python<'_>, rows: &[GameReport]) -> PyResult<Vec<Py<Report>>> {
    rows.iter()
        .map(|r| {
            Py::new(
                py,
                Report {
                    map: report_json(r),
                },
            )
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// Arguments, read as the command line reads them.

/// A source: bytes (named `-`, as standard input is), or a path (str or os.PathLike).
fn read_source(source: &Bound<'_, PyAny>) -> PyResult<(String, Vec<u8>)> {
    if let Ok(bytes) = source.cast::<PyBytes>() {
        return Ok(("-".to_string(), bytes.as_bytes().to_vec()));
    }
    if let Ok(bytes) = source.cast::<PyByteArray>() {
        return Ok(("-".to_string(), bytes.to_vec()));
    }
    let name = path_name(source)?;
    let bytes = source.py().detach(|| read_path(&name))?;
    Ok((name, bytes))
}

/// A path given as str or os.PathLike, as text.
fn path_name(path: &Bound<'_, PyAny>) -> PyResult<String> {
    let os = path.py().import("os")?;
    let fspath = os.call_method1("fspath", (path,)).map_err(|_| {
        PyTypeError::new_err(format!(
            "expected bytes, a path (str or os.PathLike), got {}",
            path.get_type()
                .name()
                .map_or_else(|_| "?".to_string(), |n| n.to_string())
        ))
    })?;
    if let Ok(text) = fspath.extract::<String>() {
        return Ok(text);
    }
    let bytes: Vec<u8> = fspath.extract()?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Read a file whole, with the command line's size limit. A file that cannot be opened
/// is an `OSError` (`FileNotFoundError`...) with the command line's sentence.
fn read_path(name: &str) -> PyResult<Vec<u8>> {
    let path = std::path::Path::new(name);
    if path.is_dir() {
        return Err(PyOSError::new_err((
            libc::EISDIR,
            format!("{name} is a directory: give SGF files (goref.batch reads whole folders)"),
            name.to_string(),
        )));
    }
    input::read_file(path, input::Open::Any).map_err(|e| match e {
        input::ReadError::TooLarge(sentence)
        | input::ReadError::NotRegular(sentence)
        | input::ReadError::Output(sentence) => LoadError::new_err(sentence),
        input::ReadError::Io(e) => PyOSError::new_err((
            e.raw_os_error().unwrap_or(0),
            format!("cannot read {name}: {}", input::io_reason(&e)),
            name.to_string(),
        )),
    })
}

/// One rule set: a `RuleSet`, or a name the command line's `--rules` takes.
fn one_rule_set(value: &Bound<'_, PyAny>) -> PyResult<goref::RuleSet> {
    if let Ok(rules) = value.cast::<PyRuleSet>() {
        return Ok(rules.get().0.clone());
    }
    let text: String = value.extract().map_err(|_| {
        PyTypeError::new_err("a rule set is a name such as \"japanese\" or a goref.RuleSet")
    })?;
    text.parse::<goref::RuleSet>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `rules=`: none (each record's `RU`, else chinese), one rule set, or a list of them
/// (each once, the first spelling in its place, as `--rules a,b` keeps them).
fn rule_choices(rules: Option<&Bound<'_, PyAny>>, komi: Option<f64>) -> PyResult<Vec<RulesChoice>> {
    let on = |preset: Option<goref::RuleSet>| RulesChoice {
        preset,
        ko: None,
        suicide: None,
        komi,
    };
    if let Some(komi) = komi
        && !komi.is_finite()
    {
        return Err(PyValueError::new_err("komi must be a number such as 6.5"));
    }
    let Some(rules) = rules.filter(|r| !r.is_none()) else {
        return Ok(vec![on(None)]);
    };
    if rules.extract::<String>().is_ok() || rules.cast::<PyRuleSet>().is_ok() {
        return Ok(vec![on(Some(one_rule_set(rules)?))]);
    }
    let mut list: Vec<goref::RuleSet> = Vec::new();
    for item in rules.try_iter()? {
        let rules = one_rule_set(&item?)?;
        if !list.contains(&rules) {
            list.push(rules);
        }
    }
    if list.is_empty() {
        return Err(PyValueError::new_err(
            "name at least one rule set (goref.rules() lists them)",
        ));
    }
    Ok(list.into_iter().map(|r| on(Some(r))).collect())
}

/// `dead=`: a source of dead stones, or (with `points`) points in `D4` or SGF form, a
/// comma-separated string or a list.
fn dead_choice(dead: &Bound<'_, PyAny>, points: bool) -> PyResult<DeadChoice> {
    let names: Vec<String> = match dead.extract::<String>() {
        Ok(text) => {
            match text.trim().to_ascii_lowercase().as_str() {
                "auto" => return Ok(DeadChoice::Auto),
                "markup" => return Ok(DeadChoice::Markup),
                "estimate" => return Ok(DeadChoice::Estimate),
                "proven" => return Ok(DeadChoice::Proven),
                "none" => return Ok(DeadChoice::None),
                "engine" => {
                    return Err(PyValueError::new_err(
                        "dead=\"engine\" is not available from Python yet: use the command line's --dead engine --engine CMD",
                    ));
                }
                _ => {}
            }
            text.split(',').map(str::to_string).collect()
        }
        Err(_) => dead
            .try_iter()?
            .map(|item| item?.extract::<String>())
            .collect::<PyResult<_>>()?,
    };
    if !points {
        return Err(PyValueError::new_err(
            "dead= of batch is a source: auto, markup, estimate, proven or none (points name the dead stones of one game: give them to goref.score)",
        ));
    }
    let names = names
        .iter()
        .filter(|t| !t.trim().is_empty())
        .map(|t| PointName::parse(t))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    if names.is_empty() {
        return Err(PyValueError::new_err(
            "give auto, markup, estimate, proven, none, or points such as D4,Q16 or dd,pp",
        ));
    }
    Ok(DeadChoice::Named(names))
}

// ---------------------------------------------------------------------------------------
// The calls.

/// The games of a document, as loaded.
#[pyfunction]
fn load(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<Vec<Py<Game>>> {
    let (_, bytes) = read_source(source)?;
    let games = py
        .detach(|| sgf::load(&bytes))
        .map_err(|e| LoadError::new_err(e.to_string()))?;
    games
        .iter()
        .enumerate()
        .map(|(i, game)| {
            let map = match game {
                Ok(record) => game_json(record),
                Err(e) => object(json!({
                    "game": i + 1,
                    "error": words::error(&CheckError::from(e.clone())),
                })),
            };
            Py::new(py, Game { map })
        })
        .collect()
}

fn game_json(record: &GameRecord) -> Map<String, Value> {
    let height = record.height;
    let points =
        |list: &[goref::Point]| -> Vec<String> { list.iter().map(|p| p.to_d4(height)).collect() };
    let moves: Vec<Value> = record
        .moves
        .iter()
        .map(|m| {
            let (point, sgf) = match &m.action {
                Action::Play(p) => (Some(p.to_d4(height)), Some(p.to_sgf())),
                Action::Pass => (None, None),
                Action::Unreadable(text) => (None, Some(text.clone())),
            };
            json!({
                "color": m.color,
                "point": point,
                "sgf": sgf,
                "is_pass": matches!(m.action, Action::Pass),
                "node": m.node,
                "time_left": m.time_left,
            })
        })
        .collect();
    let warnings: Vec<String> = record
        .warnings
        .iter()
        .map(|w| words::warning(&Warning::Load(w.clone())))
        .collect();
    object(json!({
        "game": record.index + 1,
        "width": record.width,
        "height": record.height,
        "komi": record.komi,
        "handicap": record.handicap,
        "rules": record.rules,
        "place": record.place,
        "black": record.black,
        "white": record.white,
        "result": record.result,
        "first_player": record.first_player,
        "setup": {
            "black": points(&record.setup.black),
            "white": points(&record.setup.white),
            "empty": points(&record.setup.empty),
        },
        "moves": moves,
        "nodes": record.nodes,
        "warnings": warnings,
        "error": null,
    }))
}

/// Replay every game of a document under one rule set: one report per game.
#[pyfunction]
#[pyo3(signature = (source, rules=None, komi=None))]
fn validate(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    komi: Option<f64>,
) -> PyResult<Vec<Py<Report>>> {
    let choices = rule_choices(rules, komi)?;
    let [choice] = choices.as_slice() else {
        return Err(PyValueError::new_err(
            "validate checks each game under one rule set: give one (score and batch take a list)",
        ));
    };
    let (name, bytes) = read_source(source)?;
    let rows = py.detach(|| check::validate_bytes(&name, &bytes, choice));
    reports(py, &rows)
}

/// Count every game of a document under each rule set: one report per (game, rule set).
#[pyfunction]
#[pyo3(signature = (source, rules=None, dead=None, komi=None))]
fn score(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    dead: Option<&Bound<'_, PyAny>>,
    komi: Option<f64>,
) -> PyResult<Vec<Py<Report>>> {
    let choices = rule_choices(rules, komi)?;
    let dead = match dead.filter(|d| !d.is_none()) {
        Some(dead) => dead_choice(dead, true)?,
        None => DeadChoice::Auto,
    };
    let (name, bytes) = read_source(source)?;
    let plan = DeadPlan::from(dead);
    let rows =
        py.detach(|| check::judge_file(&name, &bytes, &choices, &plan, &Limits::default()).rows());
    reports(py, &rows)
}

/// The presets, in the order `goref rules` lists them.
#[pyfunction]
fn rules_list() -> Vec<PyRuleSet> {
    rules::presets().into_iter().map(PyRuleSet).collect()
}

/// A rule set: a preset with any knobs changed (`aga+ko=positional`).
#[pyclass(name = "RuleSet", frozen, module = "goref")]
#[derive(Clone)]
pub struct PyRuleSet(goref::RuleSet);

#[pymethods]
impl PyRuleSet {
    /// Read a rule set as `--rules` does: a preset, an alias, an `RU` value, with
    /// `+knob=value` overrides.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<Self> {
        text.parse::<goref::RuleSet>()
            .map(PyRuleSet)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The preset's name.
    #[getter]
    fn name(&self) -> String {
        self.0.name.to_string()
    }

    /// Where the preset's rules are written down.
    #[getter]
    fn source(&self) -> String {
        self.0.source().to_string()
    }

    #[getter]
    fn aliases(&self) -> Vec<String> {
        self.0.aliases().iter().map(|a| a.to_string()).collect()
    }

    /// Every knob and its value, as an override writes it.
    fn knobs(&self) -> Vec<(String, String)> {
        self.0
            .knobs()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    /// The rule set field by field, as `goref rules NAME --format json` writes it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        map_to_py(
            py,
            &object(serde_json::to_value(&self.0).unwrap_or(Value::Null)),
        )
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = self.0.to_string().into_pyobject(py)?;
        Ok(format!("RuleSet.parse({})", text.repr()?))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyRuleSet>()
            .is_ok_and(|other| other.get().0 == self.0)
    }
}

// ---------------------------------------------------------------------------------------
// Rows of batch: made in the workers as the command line makes them (the report), read
// column by column only when Python asks, so a row costs no JSON on the way.

/// One row of `goref batch`: the columns of its CSV and the object of its JSON Lines
/// (cmd/output/rows.rs), as attributes; `to_dict()` is the JSON Lines object.
#[pyclass(frozen, module = "goref")]
pub struct Row {
    report: Box<GameReport>,
    /// `error` in the command line's words.
    error: Option<String>,
}

impl Row {
    fn new(report: Box<GameReport>) -> Row {
        let error = report.error.as_ref().map(words::error);
        Row { report, error }
    }

    /// A column as an attribute: the findings as `Finding`s.
    fn attribute(&self, py: Python<'_>, key: &str) -> PyResult<Py<PyAny>> {
        self.column(py, key, false)?
            .ok_or_else(|| PyAttributeError::new_err(format!("'Row' has no column '{key}'")))
    }

    /// The value of a column, as `goref batch --jsonl` writes it; `None` for no column.
    /// The findings are `Finding`s, or with `plain`, dicts.
    fn column(&self, py: Python<'_>, key: &str, plain: bool) -> PyResult<Option<Py<PyAny>>> {
        fn any<'py, T: IntoPyObject<'py>>(py: Python<'py>, value: T) -> PyResult<Py<PyAny>> {
            value.into_py_any(py)
        }
        let finite = |x: Option<f64>| x.filter(|x| x.is_finite());
        let r = &self.report;
        let score = r.score.as_ref();
        let first_illegal = || {
            r.findings
                .iter()
                .find(|f| f.severity == goref::Severity::Illegal)
        };
        let value = match key {
            "file" => any(py, &r.file)?,
            "game" => any(py, r.game)?,
            "rules" => any(py, &r.rules)?,
            "size" => any(py, &r.size)?,
            "komi" => any(py, finite(r.komi))?,
            "handicap" => any(py, r.handicap)?,
            "black" => any(py, &r.black)?,
            "white" => any(py, &r.white)?,
            "moves" => any(py, r.moves)?,
            "valid" => any(py, r.valid)?,
            "illegal_count" => any(py, r.illegal_count)?,
            "first_illegal_move" => any(py, first_illegal().and_then(|f| f.move_number))?,
            "first_illegal_kind" => any(py, first_illegal().map(|f| f.kind.as_str()))?,
            "recorded_result" => any(py, &r.recorded_result)?,
            "result" => any(py, score.map(|s| s.result.as_str()))?,
            "black_score" => any(py, finite(score.and_then(|s| s.black)))?,
            "white_score" => any(py, finite(score.and_then(|s| s.white)))?,
            "margin" => any(py, finite(score.and_then(|s| s.margin)))?,
            "dead_source" => any(py, score.map(|s| s.dead_source.as_str()))?,
            "result_matches" => {
                let agreement = score.and_then(|s| s.result_matches);
                to_py(py, &serde_json::to_value(agreement).unwrap_or(Value::Null))?
            }
            "error" => any(py, &self.error)?,
            "decided_by" => any(py, score.map(|s| s.decided_by.as_str()))?,
            "findings" => {
                let list = PyList::empty(py);
                for finding in &r.findings {
                    let map = object(serde_json::to_value(finding).unwrap_or(Value::Null));
                    if plain {
                        list.append(map_to_py(py, &map)?)?;
                    } else {
                        list.append(Py::new(py, Finding { map })?)?;
                    }
                }
                list.into_any().unbind()
            }
            _ => return Ok(None),
        };
        Ok(Some(value))
    }
}

/// The columns are getters (attributes of the type, found at once), not a `__getattr__`
/// (called only after Python's own lookup has failed and made its `AttributeError`,
/// which was most of the cost of reading `row.valid`). `row_columns!` makes one per
/// column from the one list of the columns, with [`ROW_KEYS`]; `test_batch.py` reads each.
macro_rules! row_columns {
    ($(#[$attr:meta])* impl $row:ident { columns: [$($key:ident),+ $(,)?]; $($methods:tt)* }) => {
        /// The keys of a row, in the order of `goref batch --jsonl`.
        const ROW_KEYS: [&str; [$(stringify!($key)),+].len()] = [$(stringify!($key)),+];

        // The attribute and the `impl` are the caller's tokens, so `#[pymethods]`
        // expands as if written there.
        $(#[$attr])*
        impl $row {
            $(
                #[getter]
                fn $key(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                    self.attribute(py, stringify!($key))
                }
            )+

            $($methods)*
        }
    };
}

row_columns! {
#[pymethods]
impl Row {
    columns: [
        file, game, rules, size, komi, handicap, black, white, moves, valid, illegal_count,
        first_illegal_move, first_illegal_kind, recorded_result, result, black_score,
        white_score, margin, dead_source, result_matches, error, decided_by, findings,
    ];

    fn __dir__(&self) -> Vec<&'static str> {
        let mut names = ROW_KEYS.to_vec();
        names.push("to_dict");
        names
    }

    /// The row as `goref batch --jsonl` writes it, parsed.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for key in ROW_KEYS {
            dict.set_item(key, self.column(py, key, true)?)?;
        }
        Ok(dict)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Row>().is_ok_and(|other| {
            let other = other.get();
            other.report == self.report && other.error == self.error
        })
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mut parts = Vec::new();
        for key in ROW_KEYS {
            let shown = match key {
                "findings" => format!("[{} items]", self.report.findings.len()),
                _ => match self.column(py, key, false)? {
                    Some(value) => value.bind(py).repr()?.to_string(),
                    None => continue,
                },
            };
            parts.push(format!("{key}={shown}"));
        }
        Ok(format!("Row({})", parts.join(", ")))
    }
}
}

// ---------------------------------------------------------------------------------------
// batch

/// What the pipeline's thread hands over: each unit's rows, in input order, boxed (a
/// report is about 1 KB: a box moves from the worker into its `Row` in 8 bytes).
type Unit = Vec<Box<GameReport>>;

/// Units the pipeline has emitted and Python has not taken yet, at most.
const SHELF_UNITS: usize = 64;

/// Units on the shelf that wake a waiting reader: two of the pipeline's tasks (8 units
/// each). Fewer wait for the reader's next look, at most [`READER_WAIT`] away.
const WAKE_UNITS: usize = 16;

/// How long the reader waits without looking at the shelf (and at Ctrl-C).
const READER_WAIT: Duration = Duration::from_millis(20);

/// Where the pipeline's thread leaves each unit's rows for the Python thread that reads
/// them. The reader takes every unit there at once, so one lock (and, when it had to
/// wait, one wake-up) hands over many rows, and it gives up the GIL only when the shelf
/// is empty. The pipeline's thread wakes a waiting reader only once [`WAKE_UNITS`] units
/// are there (or at the end): woken for each unit, the reader took the core from the
/// pipeline's thread about once every three rows over `ai-games` (2,500 wake-ups for
/// 7,259 rows on 2 cores), each a pair of context switches. It waits itself while the
/// shelf holds [`SHELF_UNITS`] units (memory stays bounded by the reader's pace).
struct Shelf {
    state: Mutex<ShelfState>,
    /// Rows arrived, or the run ended, or the batch was closed: for a waiting reader.
    filled: Condvar,
    /// Units taken, or the batch was closed: for the pipeline's thread when it waits.
    emptied: Condvar,
}

#[derive(Default)]
struct ShelfState {
    units: Vec<Unit>,
    /// The pipeline's thread has ended: no more units come.
    ended: bool,
    /// The reader is gone (closed, dropped): the pipeline's thread stops.
    closed: bool,
    reader_waiting: bool,
    writer_waiting: bool,
}

/// What the reader finds on the shelf.
enum Taken {
    Units(Vec<Unit>),
    Ended,
    /// Nothing within the wait: time to look at Ctrl-C.
    Nothing,
}

impl Shelf {
    fn new() -> Shelf {
        Shelf {
            state: Mutex::new(ShelfState::default()),
            filled: Condvar::new(),
            emptied: Condvar::new(),
        }
    }

    /// The state, even if a thread panicked holding it (each update leaves it whole).
    fn lock(&self) -> MutexGuard<'_, ShelfState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Leave a unit's rows, waiting while the shelf is full; an error once the reader is
    /// gone.
    fn put(&self, unit: Unit) -> Result<(), ()> {
        let mut state = self.lock();
        while state.units.len() >= SHELF_UNITS && !state.closed {
            state.writer_waiting = true;
            state = self.emptied.wait(state).unwrap_or_else(|p| p.into_inner());
        }
        if state.closed {
            return Err(());
        }
        state.units.push(unit);
        let wake = state.reader_waiting && state.units.len() >= WAKE_UNITS;
        if wake {
            state.reader_waiting = false;
        }
        // Woken after the lock is let go, the reader does not wait for it at once.
        drop(state);
        if wake {
            self.filled.notify_one();
        }
        Ok(())
    }

    /// No more units come (the pipeline's thread ends, however it ends).
    fn end(&self) {
        self.lock().ended = true;
        self.filled.notify_all();
    }

    /// The reader is gone: the pipeline's thread stops at its next unit.
    fn close(&self) {
        let mut state = self.lock();
        state.closed = true;
        state.units.clear();
        drop(state);
        self.filled.notify_all();
        self.emptied.notify_all();
    }

    /// Every unit on the shelf, or that the run ended, if either; `None` if the reader
    /// must wait. The lock is let go before the pipeline's thread is woken.
    fn take_from(&self, mut state: MutexGuard<'_, ShelfState>) -> Option<Taken> {
        if !state.units.is_empty() {
            let units = std::mem::take(&mut state.units);
            let wake = std::mem::take(&mut state.writer_waiting);
            drop(state);
            if wake {
                self.emptied.notify_one();
            }
            return Some(Taken::Units(units));
        }
        (state.ended || state.closed).then_some(Taken::Ended)
    }

    /// The units on the shelf, taken with the GIL held when there are some; else waited
    /// for without the GIL, up to [`READER_WAIT`].
    fn take(&self, py: Python<'_>) -> Taken {
        if let Some(taken) = self.take_from(self.lock()) {
            return taken;
        }
        py.detach(|| {
            let mut state = self.lock();
            if state.units.is_empty() && !state.ended && !state.closed {
                state.reader_waiting = true;
                state = self
                    .filled
                    .wait_timeout(state, READER_WAIT)
                    .unwrap_or_else(|p| p.into_inner())
                    .0;
                state.reader_waiting = false;
            }
            self.take_from(state).unwrap_or(Taken::Nothing)
        })
    }
}

/// Ends the shelf when the pipeline's thread ends, even by a panic.
struct EndsShelf(Arc<Shelf>);

impl Drop for EndsShelf {
    fn drop(&mut self) {
        self.0.end();
    }
}

/// The rows of `goref batch` over files, folders and archives, in input order, while
/// the work goes on without the GIL on a pool of `jobs` threads.
#[pyclass(module = "goref")]
pub struct Batch {
    state: Mutex<BatchState>,
    shelf: Arc<Shelf>,
    /// Set by `close`: the thread reading the rows, if one is, stops when the shelf
    /// (closed too) wakes it.
    closed: AtomicBool,
}

struct BatchState {
    shelf: Arc<Shelf>,
    /// Rows taken from the shelf and not yet handed out.
    pending: std::iter::Flatten<std::vec::IntoIter<Unit>>,
    thread: Option<JoinHandle<Result<(), String>>>,
}

impl BatchState {
    /// The next row, waiting for it without the GIL (and answering Ctrl-C); `None` at
    /// the end. A run that stopped on a bug is a `GorefError`.
    fn next(&mut self, py: Python<'_>, closed: &AtomicBool) -> PyResult<Option<Box<GameReport>>> {
        loop {
            if closed.load(Ordering::Relaxed) {
                self.close(py);
                return Ok(None);
            }
            if let Some(row) = self.pending.next() {
                return Ok(Some(row));
            }
            if self.thread.is_none() {
                return Ok(None);
            }
            match self.shelf.take(py) {
                Taken::Units(units) => self.pending = units.into_iter().flatten(),
                Taken::Nothing => py.check_signals()?,
                Taken::Ended => {
                    return match self.join(py) {
                        Ok(()) => Ok(None),
                        Err(message) => Err(GorefError::new_err(message)),
                    };
                }
            }
        }
    }

    /// Wait for the pipeline's thread to end.
    fn join(&mut self, py: Python<'_>) -> Result<(), String> {
        match self.thread.take() {
            Some(thread) => py.detach(|| thread.join()).unwrap_or_else(|_| {
                Err("internal error: goref's batch thread panicked (please report it)".into())
            }),
            None => Ok(()),
        }
    }

    /// Stop: the pipeline ends at its next row, after the work in flight.
    fn close(&mut self, py: Python<'_>) {
        self.shelf.close();
        self.pending = Vec::new().into_iter().flatten();
        let _ = self.join(py);
    }
}

impl Drop for BatchState {
    /// A batch dropped half-read stops its pipeline (which does not wait to be joined).
    fn drop(&mut self) {
        self.shelf.close();
    }
}

impl Batch {
    /// The rows, for one thread. Waiting for the lock with the GIL held could deadlock
    /// with the thread that holds it (it waits for rows without the GIL, then for the
    /// GIL), so a second reader is refused, as a generator refuses one.
    fn reader(&self) -> PyResult<MutexGuard<'_, BatchState>> {
        match self.state.try_lock() {
            Ok(state) => Ok(state),
            Err(TryLockError::Poisoned(poisoned)) => Ok(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => Err(PyValueError::new_err(
                "this batch is being read by another thread: read a batch from one thread at a time",
            )),
        }
    }
}

#[pymethods]
impl Batch {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<Row>>> {
        let mut state = self.reader()?;
        match state.next(py, &self.closed)? {
            Some(report) => Ok(Some(Py::new(py, Row::new(report))?)),
            None => Ok(None),
        }
    }

    /// Up to `n` rows as columns: `{column: [value, ...]}` with the row's keys, for
    /// `batch_table`; `result_matches` as the CSV writes it (`true`, `false`,
    /// `uncertain`: a column holds one type). An empty dict at the end.
    fn columns<'py>(&self, py: Python<'py>, n: usize) -> PyResult<Bound<'py, PyDict>> {
        let mut state = self.reader()?;
        let columns: Vec<Bound<'py, PyList>> = ROW_KEYS.iter().map(|_| PyList::empty(py)).collect();
        let mut count = 0;
        while count < n {
            let Some(report) = state.next(py, &self.closed)? else {
                break;
            };
            let row = Row::new(report);
            for (key, column) in ROW_KEYS.iter().zip(&columns) {
                if *key == "result_matches" {
                    // One type per column: as the CSV writes it.
                    let agreement = row.report.score.as_ref().and_then(|s| s.result_matches);
                    column.append(agreement.map(|a| a.to_string()))?;
                } else {
                    column.append(row.column(py, key, true)?)?;
                }
            }
            count += 1;
        }
        let dict = PyDict::new(py);
        if count > 0 {
            for (key, column) in ROW_KEYS.iter().zip(columns) {
                dict.set_item(key, column)?;
            }
        }
        Ok(dict)
    }

    /// Stop the run: the rows not yet read are dropped, the work in flight finishes.
    fn close(&self, py: Python<'_>) {
        self.closed.store(true, Ordering::Relaxed);
        // Being read by another thread: the shelf wakes that thread, which closes it.
        self.shelf.close();
        match self.state.try_lock() {
            Ok(mut state) => state.close(py),
            Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner().close(py),
            Err(TryLockError::WouldBlock) => {}
        }
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&self, py: Python<'_>, _args: &Bound<'_, pyo3::types::PyTuple>) {
        self.close(py);
    }
}

/// Check files, folders and archives as `goref batch` does.
#[pyfunction]
#[pyo3(signature = (paths, rules=None, dead=None, komi=None, jobs=None, timeout=60.0))]
fn batch(
    paths: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    dead: Option<&Bound<'_, PyAny>>,
    komi: Option<f64>,
    jobs: Option<usize>,
    timeout: f64,
) -> PyResult<Batch> {
    let choices = rule_choices(rules, komi)?;
    let dead = match dead.filter(|d| !d.is_none()) {
        Some(dead) => dead_choice(dead, false)?,
        None => DeadChoice::Auto,
    };
    let sources: Vec<Source> =
        if paths.extract::<String>().is_ok() || paths.hasattr("__fspath__")? {
            vec![Source::Path(path_name(paths)?)]
        } else {
            paths
                .try_iter()?
                .map(|p| Ok(Source::Path(path_name(&p?)?)))
                .collect::<PyResult<_>>()?
        };
    let jobs = match jobs {
        Some(0) => return Err(PyValueError::new_err("jobs must be at least 1")),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    if !(timeout.is_finite() && timeout > 0.0) {
        return Err(PyValueError::new_err(
            "timeout must be a positive number of seconds",
        ));
    }
    let timeout = Duration::from_secs_f64(timeout);
    // As `goref batch` runs (cmd/batch/mod.rs, `settings`).
    let settings = pipeline::Settings {
        chunk: 8,
        chunk_bytes: 8 << 20,
        window: jobs * 2 + 2,
        stuck_after: timeout * 2 + Duration::from_secs(60),
        range: None,
    };
    let limits = Limits {
        max_time: Some(timeout),
        ..Limits::default()
    };
    // The walk runs on one thread of the pool and waits while the others work: one
    // thread more than the workers.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs + 1)
        .thread_name(|i| format!("goref-batch-{i}"))
        .build()
        .map_err(|e| GorefError::new_err(format!("cannot start the worker threads: {e}")))?;
    let shelf = Arc::new(Shelf::new());
    let plan = Arc::new(DeadPlan::from(dead));
    let ends = EndsShelf(shelf.clone());
    let thread = std::thread::Builder::new()
        .name("goref-batch".to_string())
        .spawn(move || {
            let ends = ends;
            run_batch(
                pool, sources, settings, choices, plan, limits, &ends.0, timeout,
            )
        })
        .map_err(|e| GorefError::new_err(format!("cannot start the batch thread: {e}")))?;
    Ok(Batch {
        state: Mutex::new(BatchState {
            shelf: shelf.clone(),
            pending: Vec::new().into_iter().flatten(),
            thread: Some(thread),
        }),
        shelf,
        closed: AtomicBool::new(false),
    })
}

#[allow(clippy::too_many_arguments)]
fn run_batch(
    pool: rayon::ThreadPool,
    sources: Vec<Source>,
    settings: pipeline::Settings,
    choices: Vec<RulesChoice>,
    plan: Arc<DeadPlan>,
    limits: Limits,
    shelf: &Shelf,
    timeout: Duration,
) -> Result<(), String> {
    let names: Vec<String> = choices.iter().map(RulesChoice::name).collect();
    let work = move |name: &str, bytes: Result<Vec<u8>, String>| -> Unit {
        match bytes {
            Ok(bytes) => check::judge_file(name, &bytes, &choices, &plan, &limits).rows(),
            Err(error) => check::unreadable_rows(name, 0, &names, &CheckError::Read(error)),
        }
        .into_iter()
        .map(Box::new)
        .collect()
    };
    let emit = |unit: Unit| {
        shelf
            .put(unit)
            .map_err(|()| std::io::Error::other("the rows are no longer read"))
    };
    match pool.install(|| pipeline::run(&sources, &settings, work, emit)) {
        Ok(_) | Err(pipeline::Stop::Emit(_)) => Ok(()),
        Err(pipeline::Stop::Stuck { name, elapsed }) => Err(format!(
            "{name}: still being checked after {} s, past timeout {} s, and goref cannot \
             stop it: this is a bug in goref, please report it with the file",
            elapsed.as_secs(),
            goref::words::format_points(timeout.as_secs_f64())
        )),
    }
}

#[pymodule]
fn _goref(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("GorefError", py.get_type::<GorefError>())?;
    m.add("LoadError", py.get_type::<LoadError>())?;
    m.add("ROW_COLUMNS", pyo3::types::PyTuple::new(py, ROW_KEYS)?)?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(batch, m)?)?;
    m.add_function(wrap_pyfunction!(rules_list, m)?)?;
    m.add_class::<PyRuleSet>()?;
    m.add_class::<Batch>()?;
    m.add_class::<Report>()?;
    m.add_class::<Row>()?;
    m.add_class::<Finding>()?;
    m.add_class::<Score>()?;
    m.add_class::<Game>()?;
    m.add_class::<Move>()?;
    Ok(())
}
