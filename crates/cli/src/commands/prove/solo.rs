//! The solo properties: run them on the subject and print the report.

use std::path::{Component, Path, PathBuf};

use eyre::{WrapErr, eyre};
use marubatsu_chain::evm::Chain;
use marubatsu_prove::{
    EmitTarget, LineExploration, Property, PropertyReport, SoloContract, SoloDialect, SoloOptions, SoloReport,
    SoloTarget, emit_foundry_test, prove_all, prove_solo, solo_dialect,
};

use super::{
    ProveArgs, json,
    subject::{Created, OnChain, Subject, others_named},
};
use crate::{
    output::{GAS_FIGURES, gas_header, gas_row, plain_table, print_json},
    progress::StageBar,
    report::NothingProved,
};

/// Runs the solo properties on `subject` and prints the report; whether every required property passed.
pub(super) fn run(args: &ProveArgs, subject: Subject) -> eyre::Result<bool> {
    let options = options(args).map_err(|err| err.wrap_err(NothingProved))?;
    // The checkout's own checks need its test contracts: asked of one contract, they would run nothing and pass.
    let checkout = matches!(subject, Subject::Checkout(_));
    if let Some(extra) = options
        .checks
        .iter()
        .find(|p| !checkout && Property::EXTRAS.contains(p))
    {
        return Err(eyre!(
            "{extra} is one of the toolkit's checkout's own checks, not a property of one contract; the properties \
             of a contract are hard-never-loses, keeps-value, levels and same-as-engine"
        )
        .wrap_err(NothingProved));
    }
    match subject {
        Subject::Checkout(contracts) => {
            let mut progress = StageBar::new();
            let report = prove_all(&contracts, &options, &mut |p| progress.update(p));
            progress.finish();
            let report = report.map_err(|err| eyre::Report::new(err).wrap_err(NothingProved))?;
            let solo = contracts.get(marubatsu_chain::compiler::SOLO_CONTRACT)?;
            let label = format!(
                "{}: compiled from {} with solc {} ({}), code hash {}",
                solo.name,
                solo.source.display(),
                contracts.solc_version(),
                contracts.solc(),
                solo.deployed_code_hash()
            );
            let others = others_named(&contracts, false, &solo.name);
            if args.json {
                print_json(&json::checkout(&label, &report))?;
            } else {
                println!("proving {label}, with the checkout's own checks");
                note_others(&solo.name, &others);
                println!();
                print_solo(&report.solo);
                for property in &report.extras {
                    print_property(property);
                }
                println!();
                println!("the weakened Hard (WeakHardSoloTicTacToe), which catches-weak-hard must catch:");
                print_runs(&report.demonstration_runs.weakened_hard);
                print_gas(&report.solo);
                println!("done in {:.2}s", report.seconds);
            }
            Ok(report.passed())
        }
        Subject::Created(created) => {
            let dialect = dialect_of(&created.contract.abi, &created.contract.name)?;
            let (mut chain, address) = created.deploy()?;
            let player = chain.accounts()[1];
            let target = SoloTarget {
                contract: SoloContract { address, dialect },
                player,
            };
            let report = prove(&mut chain, &created.contract.name, &target, &options);
            if args.json {
                print_json(&json::solo(&created.label, None, &report))?;
            } else {
                println!("proving {}", created.label);
                note_others(&created.contract.name, &created.others);
                println!("{}", speaks(&target.contract.dialect));
                println!();
                print_solo(&report);
                print_gas(&report);
                println!("done in {:.2}s", report.seconds);
            }
            if let Some(path) = &args.emit_test {
                emit_test(path, &created, &report, &target.contract.dialect, args.json)?;
            }
            Ok(report.passed())
        }
        Subject::OnChain(on_chain) => {
            let label = on_chain.label();
            let OnChain {
                mut chain,
                info,
                address,
                abi,
                compared,
                ..
            } = *on_chain;
            let dialect = dialect_of(&abi, "the contract")?;
            let player = chain.accounts()[1];
            let target = SoloTarget {
                contract: SoloContract { address, dialect },
                player,
            };
            let report = prove(&mut chain, &address.to_string(), &target, &options);
            if args.json {
                print_json(&json::solo(&label, Some((&info, compared.as_ref())), &report))?;
            } else {
                println!("proving {label}");
                OnChain::say_what_was_read(compared.as_ref());
                println!("{}", speaks(&target.contract.dialect));
                println!();
                print_solo(&report);
                print_gas(&report);
                println!("done in {:.2}s", report.seconds);
            }
            Ok(report.passed())
        }
    }
}

fn prove(chain: &mut Chain, name: &str, target: &SoloTarget, options: &SoloOptions) -> SoloReport {
    let mut progress = StageBar::new();
    let report = prove_solo(chain, name, target, options, &mut |p| progress.update(p));
    progress.finish();
    report
}

/// `--check` and `--require` as properties; a name that is not one is refused with the names that are.
fn options(args: &ProveArgs) -> eyre::Result<SoloOptions> {
    let parse = |names: &[String]| -> eyre::Result<Vec<Property>> {
        names.iter().map(|name| Ok(name.parse::<Property>()?)).collect()
    };
    Ok(SoloOptions {
        checks: parse(&args.checks)?,
        require: parse(&args.requires)?,
    })
}

/// How to talk to the contract, read from its ABI; one that speaks neither shape is refused with what it lacks
/// (and, for a PvP contract, a pointer to --pvp).
fn dialect_of(abi: &serde_json::Value, name: &str) -> eyre::Result<SoloDialect> {
    solo_dialect(abi).map_err(|nonconforming| {
        let hint = if marubatsu_conformance::pvp_conforms(abi).is_ok() {
            "; it speaks ITicTacToe: prove it against the PvP rules with --pvp"
        } else {
            ""
        };
        eyre!("{name}: {nonconforming}{hint}").wrap_err(NothingProved)
    })
}

/// Says that a proof of `proved` is not a proof of the folder's other contracts that speak its interface.
pub(super) fn note_others(proved: &str, others: &str) {
    if !others.is_empty() {
        println!("note: only {proved} is proved here{others}; prove another with --contract <path>:<Name>");
    }
}

fn speaks(dialect: &SoloDialect) -> String {
    match dialect {
        SoloDialect::Marubatsu => "speaks ISoloTicTacToe".to_owned(),
        SoloDialect::Book(_) => format!(
            "speaks the book's shape (its {} getter; the CPU's replies are read from the boards)",
            dialect.game_getter()
        ),
    }
}

/// Writes the `--emit-test` file when Hard lost a line; says so either way (on stderr under `--json`).
fn emit_test(
    path: &Path,
    created: &Created,
    report: &SoloReport,
    dialect: &SoloDialect,
    json: bool,
) -> eyre::Result<()> {
    let say = |text: String| {
        if json {
            eprintln!("{text}");
        } else {
            println!("{text}");
        }
    };
    let line = report
        .property(Property::HardNeverLoses)
        .and_then(|p| p.losing_line.as_ref());
    let Some(line) = line else {
        say(format!(
            "--emit-test: Hard lost no line, so there is nothing to replay; {} was not written",
            path.display()
        ));
        return Ok(());
    };
    let source = created
        .source
        .as_ref()
        .ok_or_else(|| eyre!("--emit-test needs the contract's source file"))?;
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).wrap_err_with(|| format!("creating {}", dir.display()))?;
    let import = relative(dir, source)?;
    let import = import.to_string_lossy().replace('\\', "/");
    let import = if import.starts_with('.') {
        import
    } else {
        format!("./{import}")
    };
    let text = emit_foundry_test(
        line,
        &EmitTarget {
            import_path: &import,
            contract_name: &created.contract.name,
            dialect,
        },
    );
    std::fs::write(path, text).wrap_err_with(|| format!("writing {}", path.display()))?;
    say(format!(
        "wrote {}: a Foundry test that replays the shortest losing line ({}); `forge test --match-path {}` fails \
         until Hard stops losing it",
        path.display(),
        line.seat.words(),
        path.display()
    ));
    Ok(())
}

/// `to` as a path from the folder `from` (both made absolute), for an import between two files of a project.
fn relative(from: &Path, to: &Path) -> eyre::Result<PathBuf> {
    let absolute = |path: &Path| -> eyre::Result<PathBuf> {
        let path = std::path::absolute(path).wrap_err_with(|| format!("resolving {}", path.display()))?;
        // `..` is resolved by its text: the paths here are a project's own files, not symbolic links.
        let mut clean = PathBuf::new();
        for component in path.components() {
            match component {
                Component::ParentDir => {
                    clean.pop();
                }
                Component::CurDir => {}
                other => clean.push(other),
            }
        }
        Ok(clean)
    };
    let (from, to) = (absolute(from)?, absolute(to)?);
    let common = from
        .components()
        .zip(to.components())
        .take_while(|(a, b)| a == b)
        .count();
    let mut path = PathBuf::new();
    for _ in from.components().skip(common) {
        path.push("..");
    }
    for component in to.components().skip(common) {
        path.push(component);
    }
    Ok(path)
}

pub(super) fn print_property(report: &PropertyReport) {
    let mark = report.status.name().to_uppercase();
    let required = if report.required { "" } else { " (informative)" };
    println!("[{mark}] {}: {}{required}", report.name, report.summary);
    for line in &report.details {
        println!("       {line}");
    }
}

fn print_solo(report: &SoloReport) {
    if !report.lines.is_empty() {
        println!("every human line, played as transactions:");
        print_runs(&report.lines);
    }
    for property in &report.properties {
        print_property(property);
    }
}

fn print_gas(report: &SoloReport) {
    if report.gas.is_empty() {
        return;
    }
    println!();
    println!("gas over this run (transaction gas; previewCpuMove and the game getter: execution gas of the call):");
    // previewCpuMove is shown per level (the combined row would hide that Hard costs the most).
    let functions = report
        .gas
        .iter()
        .filter(|(signature, _)| !signature.starts_with("previewCpuMove("))
        .map(|(signature, stats)| (signature.split('(').next().unwrap_or(signature).to_owned(), stats));
    let levels = report
        .preview_gas_by_level
        .iter()
        .map(|level| (format!("previewCpuMove, {}", level.level), &level.stats));
    let rows = functions.chain(levels).map(|(name, stats)| gas_row(name, stats));
    println!("{}", plain_table(&gas_header("function"), rows, &GAS_FIGURES));
    println!("(`marubatsu gas` measures the documented workload in forge's format)");
    println!();
}

fn seat(run: &LineExploration) -> &'static str {
    if run.cpu_first { "CPU first" } else { "human first" }
}

fn print_runs(runs: &[LineExploration]) {
    let rows = runs.iter().map(|run| {
        vec![
            run.difficulty.to_string(),
            seat(run).to_owned(),
            run.lines.to_string(),
            run.human_wins.to_string(),
            run.cpu_wins.to_string(),
            run.draws.to_string(),
            run.transactions.to_string(),
        ]
    });
    println!(
        "{}",
        plain_table(
            &["level", "seat", "lines", "human wins", "CPU wins", "draws", "txs"],
            rows,
            &[2, 3, 4, 5, 6]
        )
    );
}

#[cfg(test)]
mod tests {
    use super::relative;
    use std::path::Path;

    #[test]
    fn an_import_goes_up_from_the_test_folder_to_the_source() {
        let path = relative(Path::new("/p/test"), Path::new("/p/src/MySolo.sol")).unwrap();
        assert_eq!(path, Path::new("../src/MySolo.sol"));
        let path = relative(Path::new("/p/test/../test/deep"), Path::new("/p/src/A.sol")).unwrap();
        assert_eq!(path, Path::new("../../src/A.sol"));
        let path = relative(Path::new("/p"), Path::new("/p/src/A.sol")).unwrap();
        assert_eq!(path, Path::new("src/A.sol"));
    }
}
