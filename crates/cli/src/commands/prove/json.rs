//! `prove --json`: one document whatever was proved, its shape in docs/cli-json.md ("prove").

use marubatsu_client::rpc::ForkInfo;
use marubatsu_conformance::PvpReport;
use marubatsu_prove::{ProofReport, PropertyReport, SoloReport};
use serde_json::{Value, json};

/// The checkout's proof: SoloTicTacToe's properties, then the extras.
pub(super) fn checkout(subject: &str, report: &ProofReport) -> Value {
    json!({
        "subject": subject,
        "fork": null,
        "interface": "ISoloTicTacToe",
        "passed": report.passed(),
        "properties": report.properties().map(solo_property).collect::<Vec<_>>(),
        "solo": report.solo,
        "checkout": {
            "solc_version": report.solc_version,
            "tree": report.tree,
            "board": report.board,
            "demonstration_runs": report.demonstration_runs,
        },
        "seconds": report.seconds,
    })
}

/// One solo contract's proof, created here or read off a chain.
pub(super) fn solo(subject: &str, fork: Option<(&ForkInfo, Option<&(String, bool)>)>, report: &SoloReport) -> Value {
    let interface = if report.dialect == "book" {
        "book"
    } else {
        "ISoloTicTacToe"
    };
    json!({
        "subject": subject,
        "fork": fork.map(fork_json),
        "interface": interface,
        "passed": report.passed(),
        "properties": report.properties.iter().map(solo_property).collect::<Vec<_>>(),
        "solo": report,
        "seconds": report.seconds,
    })
}

/// One PvP contract's conformance run.
pub(super) fn pvp(subject: &str, fork: Option<(&ForkInfo, Option<&(String, bool)>)>, report: &PvpReport) -> Value {
    let properties: Vec<Value> = report
        .properties
        .iter()
        .map(|property| {
            json!({
                "name": property.name,
                "status": property.status,
                "required": true,
                "summary": property.summary,
                "details": property.details,
                "counterexample": property.counterexample,
                "sequences": property.sequences,
                "calls": property.calls,
            })
        })
        .collect();
    json!({
        "subject": subject,
        "fork": fork.map(fork_json),
        "interface": "ITicTacToe",
        "passed": report.passed(),
        "properties": properties,
        "pvp": { "sequences": report.sequences, "calls": report.calls },
    })
}

fn solo_property(property: &PropertyReport) -> Value {
    json!({
        "name": property.name,
        "status": property.status,
        "required": property.required,
        "summary": property.summary,
        "details": property.details,
        "losing_line": property.losing_line,
    })
}

fn fork_json((info, compared): (&ForkInfo, Option<&(String, bool)>)) -> Value {
    json!({
        "url": info.url,
        "chain_id": info.chain_id,
        "block": info.block,
        "block_hash": info.block_hash,
        "timestamp": info.timestamp,
        "matches_contract": compared.map(|(_, same)| *same),
    })
}
