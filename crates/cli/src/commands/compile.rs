use clap::Args;
use eyre::WrapErr;
use serde::Serialize;

use crate::{
    cli::CompilerArgs,
    output::{plain_table, print_json},
};

/// Compile contracts/ and list the contracts with their sizes.
#[derive(Debug, Args)]
pub(crate) struct CompileArgs {
    #[command(flatten)]
    compiler: CompilerArgs,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Summary {
    solc: String,
    solc_version: String,
    from_cache: bool,
    seconds: f64,
    contracts: Vec<ContractSummary>,
}

#[derive(Serialize)]
struct ContractSummary {
    name: String,
    source: String,
    deployed_size: usize,
    deployed_code_hash: String,
}

impl CompileArgs {
    pub(crate) fn run(self) -> eyre::Result<()> {
        let contracts = self.compiler.compiler()?.compile().wrap_err("compiling contracts/")?;
        let summary = Summary {
            solc: contracts.solc().to_string(),
            solc_version: contracts.solc_version().to_owned(),
            from_cache: contracts.from_cache(),
            seconds: contracts.elapsed().as_secs_f64(),
            contracts: contracts
                .iter()
                .filter(|c| !c.deployed_bytecode.is_empty())
                .map(|c| ContractSummary {
                    name: c.name.clone(),
                    source: c.source.display().to_string(),
                    deployed_size: c.deployed_size(),
                    deployed_code_hash: c.deployed_code_hash().to_string(),
                })
                .collect(),
        };
        if self.json {
            return print_json(&summary);
        }
        let origin = if summary.from_cache {
            "served from the cache"
        } else {
            "compiled"
        };
        println!(
            "{origin} in {:.2}s with solc {} ({})",
            summary.seconds, summary.solc_version, summary.solc
        );
        let rows = summary
            .contracts
            .iter()
            .map(|c| vec![c.name.clone(), c.deployed_size.to_string(), c.source.clone()]);
        println!("{}", plain_table(&["contract", "size (B)", "source"], rows, &[1]));
        Ok(())
    }
}
