use std::path::PathBuf;

use clap::Args;
use eyre::{WrapErr, bail, eyre};
use marubatsu_chain::{
    compiler::{CompiledContract, ContractSet, EvmVersion, PVP_CONTRACT, SOLO_CONTRACT, Workspace},
    evm::Chain,
};
use marubatsu_gas::{
    ContractLog, GasKind, GasReport, book, format, measure_pvp, measure_solo_on, run_workload, snapshot, versus,
};

use crate::{
    cli::CompilerArgs,
    contract_args::ContractArgs,
    output::{GAS_FIGURES, gas_header, gas_row, plain_table, print_json},
    progress::StageBar,
};

/// Measure gas per function over the documented workload, like forge's gas report; gate it against a snapshot.
///
/// Yours with --contract (beside another with --vs); without it, the toolkit's two contracts (compiled from the
/// checkout's contracts/, or as shipped in this binary elsewhere).
///
/// Workload: for a solo contract (ISoloTicTacToe, or the book's shape) every human line against every level from
/// both seats (each line a game of its own) and previewCpuMove on every legal position; for a PvP contract
/// (ITicTacToe) 90 scripted games covering staked and free games, every kind of ending and the withdrawals, and 12
/// more with a time bank if it has ITicTacToeTimeBank.
/// Transaction gas (21,000 base and calldata included) for state-changing calls, execution gas for views, as
/// forge reports them.
#[derive(Debug, Args)]
pub(crate) struct GasArgs {
    #[command(flatten)]
    compiler: CompilerArgs,
    #[command(flatten)]
    contract: ContractArgs,
    /// Put another contract beside it, with the ratio of every figure: `shipped` (the toolkit's contract of the
    /// same game), or <path>:<Name> / <Name> in the same project.
    #[arg(long, value_name = "CONTRACT", requires = "contract")]
    vs: Option<String>,
    /// Print forge's gas-report JSON.
    #[arg(long, conflicts_with = "md")]
    json: bool,
    /// Print Markdown tables (for a pull-request comment).
    #[arg(long)]
    md: bool,
    /// Report execution gas (transaction gas minus the intrinsic cost) instead of transaction gas.
    #[arg(long, conflicts_with_all = ["check", "diff", "snapshot"])]
    execution: bool,
    /// Fail if any figure rose beyond the tolerance against the snapshot (or the workload changed). Prints only
    /// the figures that differ, or one line when none does.
    #[arg(long, conflicts_with = "snapshot")]
    check: bool,
    /// Show every figure that changed against the snapshot (and nothing else), without failing.
    #[arg(long, conflicts_with = "snapshot")]
    diff: bool,
    /// Rewrite the snapshot with the current figures.
    #[arg(long)]
    snapshot: bool,
    /// Allowed rise, in percent, for --check.
    #[arg(long, value_name = "PCT", default_value_t = 0.0)]
    tolerance: f64,
    /// The snapshot file (default: gas-snapshot.json in the project folder: the checkout's root, or the folder of
    /// the foundry.toml --contract was found with).
    #[arg(long, value_name = "FILE")]
    snapshot_file: Option<PathBuf>,
}

/// What was measured: the toolkit's pair (with its breakdown and the book's figures), or one contract.
enum Measured {
    Toolkit(marubatsu_gas::Workload),
    One(ContractLog),
}

impl GasArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        if !(self.tolerance.is_finite() && self.tolerance >= 0.0) {
            bail!(
                "--tolerance must be a percentage of zero or more, got {}",
                self.tolerance
            );
        }
        let kind = if self.execution {
            GasKind::Execution
        } else {
            GasKind::Transaction
        };
        let (measured, snapshot_dir) = self.measure()?;
        let report = match &measured {
            Measured::Toolkit(workload) => workload.report(kind),
            Measured::One(log) => GasReport {
                contracts: vec![log.summary(kind)],
            },
        };
        let other = match (&self.vs, &measured) {
            (Some(vs), Measured::One(log)) => Some(self.measure_vs(vs, log)?.summary(kind)),
            _ => None,
        };
        let snapshot_path = self
            .snapshot_file
            .clone()
            .unwrap_or_else(|| snapshot_dir.join("gas-snapshot.json"));

        let comparing = self.check || self.diff;
        if self.json {
            let mut shown = report.clone();
            shown.contracts.extend(other.clone());
            print_json(&shown)?;
        } else if self.md {
            print!("{}", format::markdown(&report));
        } else if !comparing {
            // Against a snapshot only the differences matter: the table is what `gas` alone prints.
            match (&other, &measured) {
                (Some(other), _) => print!("{}", versus::table(&report.contracts[0], other)),
                (None, Measured::Toolkit(workload)) => {
                    print!("{}", format::table(&report));
                    print_breakdown(&workload.solo);
                    print!("{}", book::render(&book::compare(&report)));
                }
                (None, Measured::One(log)) => {
                    print!("{}", format::table(&report));
                    if !log.preview_by_level.stats(kind).is_empty() {
                        print_breakdown(log);
                    }
                }
            }
        }

        if self.snapshot {
            snapshot::write(&snapshot_path, &report)?;
            eprintln!("wrote {}", snapshot_path.display());
        } else if self.check || self.diff {
            return compare(&snapshot_path, &report, self.check, self.tolerance);
        }
        Ok(())
    }

    /// Runs the workload on what the flags name; also the folder whose gas-snapshot.json is the default.
    fn measure(&self) -> eyre::Result<(Measured, PathBuf)> {
        let mut progress = StageBar::new();
        let mut on_progress = |p: &marubatsu_prove::Progress| progress.update(p);
        if let Some(resolved) = self.contract.resolve(&self.compiler)? {
            eprintln!("measuring {resolved}");
            let project = self.contract.project(&self.compiler)?;
            let init_code = self.contract.creation_code(&resolved)?;
            let log = measure_one(&resolved.contract, init_code, project.evm_version(), &mut on_progress);
            progress.finish();
            return Ok((Measured::One(log?), project.root().to_path_buf()));
        }
        if !self.contract.constructor_args.is_empty() {
            bail!("--constructor-args needs --contract (the toolkit's own contracts take none of their own)");
        }
        let checkout = match self.compiler.compiles_sources() {
            true => Some(self.compiler.compiler()?),
            false => Workspace::locate()
                .ok()
                .map(|workspace| marubatsu_chain::compiler::Compiler::new(workspace, None))
                .transpose()?,
        };
        let (contracts, dir) = match checkout {
            Some(compiler) => {
                let dir = compiler.workspace().root().to_path_buf();
                (compiler.compile().wrap_err("compiling contracts/")?, dir)
            }
            None => (ContractSet::shipped()?, self.compiler.place()?.dir().to_path_buf()),
        };
        for name in [SOLO_CONTRACT, PVP_CONTRACT] {
            let compiled = contracts.get(name)?;
            eprintln!(
                "measuring {name}: {}, code hash {}",
                origin_of(&contracts, compiled),
                compiled.deployed_code_hash()
            );
        }
        let workload = run_workload(&contracts, &mut on_progress);
        progress.finish();
        Ok((Measured::Toolkit(workload.wrap_err("running the gas workload")?), dir))
    }

    /// The contract `--vs` names, measured the same way as `mine`.
    fn measure_vs(&self, vs: &str, mine: &ContractLog) -> eyre::Result<ContractLog> {
        let mut progress = StageBar::new();
        let mut on_progress = |p: &marubatsu_prove::Progress| progress.update(p);
        let log = if vs == "shipped" {
            let contracts = ContractSet::shipped()?;
            let game = if mine
                .log
                .summary(GasKind::Transaction)
                .keys()
                .any(|f| f.starts_with("createGame("))
            {
                PVP_CONTRACT
            } else {
                SOLO_CONTRACT
            };
            let compiled = contracts.get(game)?;
            eprintln!(
                "beside {game}: shipped in this binary, code hash {}",
                compiled.deployed_code_hash()
            );
            let init_code = if game == PVP_CONTRACT {
                marubatsu_chain::pvp::pvp_creation_code(compiled, marubatsu_chain::pvp::PUBLIC_CLAIM_BLOCKS)
            } else {
                compiled.bytecode.clone()
            };
            measure_one(
                compiled,
                init_code,
                marubatsu_chain::compiler::EVM_VERSION,
                &mut on_progress,
            )?
        } else {
            let spec: marubatsu_chain::compiler::ContractSpec = vs.parse().map_err(|err| eyre!("--vs {vs}: {err}"))?;
            let project = self.contract.project(&self.compiler)?;
            let resolved = project
                .resolve(&spec, self.compiler.solc.clone())
                .wrap_err_with(|| format!("resolving --vs {vs}"))?;
            eprintln!("beside {resolved}");
            let init_code = resolved.contract.bytecode.clone();
            measure_one(&resolved.contract, init_code, project.evm_version(), &mut on_progress)?
        };
        progress.finish();
        Ok(log)
    }
}

/// One contract over the workload of the game its ABI speaks, on a chain of its EVM version.
fn measure_one(
    contract: &CompiledContract,
    init_code: alloy_primitives::Bytes,
    evm_version: EvmVersion,
    progress: &mut dyn FnMut(&marubatsu_prove::Progress),
) -> eyre::Result<ContractLog> {
    let mut chain = Chain::new();
    chain.set_evm_version(evm_version)?;
    let solo = marubatsu_prove::solo_dialect(&contract.abi);
    let log = match (solo, marubatsu_conformance::pvp_conforms(&contract.abi)) {
        (Ok(_), _) => measure_solo_on(&mut chain, contract, init_code, progress)?,
        (Err(_), Ok(())) => measure_pvp(&mut chain, contract, init_code, progress)?,
        (Err(solo), Err(pvp)) => bail!(
            "{} speaks neither game's interface, so there is no workload to measure: {solo}; or for PvP: {pvp}",
            contract.name
        ),
    };
    Ok(log)
}

fn origin_of(contracts: &ContractSet, compiled: &CompiledContract) -> String {
    match contracts.solc() {
        marubatsu_chain::compiler::SolcSource::Shipped => "shipped in this binary".to_owned(),
        solc => format!(
            "compiled from {} with solc {} ({solc})",
            compiled.source.display(),
            contracts.solc_version()
        ),
    }
}

fn print_breakdown(solo: &ContractLog) {
    println!("previewCpuMove by level (execution gas):");
    let rows = solo
        .preview_by_level
        .stats(GasKind::Transaction)
        .into_iter()
        .map(|(level, row)| gas_row(level.name().to_owned(), &row));
    println!("{}", plain_table(&gas_header("level"), rows, &GAS_FIGURES));
    println!();
}

fn compare(path: &std::path::Path, report: &GasReport, check: bool, tolerance: f64) -> eyre::Result<()> {
    let saved = snapshot::read(path)?;
    let changes = snapshot::diff(&saved, report);
    let failing = changes.iter().filter(|c| c.fails(tolerance)).count();
    let figures: usize = report.contracts.iter().map(|c| c.functions.len()).sum();
    if changes.is_empty() {
        println!(
            "gas matches {} exactly ({figures} functions in {} contracts)",
            path.display(),
            report.contracts.len()
        );
        return Ok(());
    }
    println!("changes against {}:", path.display());
    for change in &changes {
        let mark = if change.fails(tolerance) { "✗" } else { " " };
        println!("  {mark} {change}");
    }
    if failing == 0 {
        println!(
            "{} figure(s) changed, none beyond the {tolerance}% tolerance",
            changes.len()
        );
    }
    if check && failing > 0 {
        bail!(
            "{failing} figure(s) rose beyond the {tolerance}% tolerance or the workload changed; if this is intended, \
             rewrite the snapshot with `marubatsu gas --snapshot`"
        );
    }
    Ok(())
}
