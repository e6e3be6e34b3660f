// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity ^0.8.24;

import {SoloTicTacToe} from "../contracts/SoloTicTacToe.sol";
import {TicTacToe} from "../contracts/TicTacToe.sol";

/// @title DeployCheatcodes
/// @notice The three Foundry cheatcodes this script needs, declared here because forge-std is not a dependency
///         (the repository builds offline, with nothing but solc-js and the Foundry binaries from npm).
/// @dev Forge answers calls to `_HEVM` (see {Deploy}) with these; the signatures are forge-std's.
interface DeployCheatcodes {
    /// @dev Every call and creation from here on, until {stopBroadcast}, becomes a transaction signed by the
    ///      sender given to `forge script` (`--private-key`, `--account`, ...).
    function startBroadcast() external;

    /// @dev Ends the broadcast begun by {startBroadcast}.
    function stopBroadcast() external;

    /// @dev The environment variable `name` read as a number, or `defaultValue` when it is not set.
    function envOr(string calldata name, uint256 defaultValue) external view returns (uint256 value);
}

/// @title Deploy
/// @notice Deploys both games, the same contracts `marubatsu deploy` deploys, for Foundry users:
///
///         forge script script/Deploy.s.sol --rpc-url $ETH_RPC_URL --account NAME --broadcast \
///             --use ./script/solc-wrapper.js
///
///         `CLAIM_BLOCKS=N` in the environment sets how many blocks a timeout claim needs after the turn's start
///         ({TicTacToe.claimBlocks}); by default {PUBLIC_CLAIM_BLOCKS}, or 0 on a local development chain (ids
///         31337 and 1337), whose blocks are mined only for transactions and so measure nothing — the same choice
///         `marubatsu deploy` makes. Without `--broadcast` forge only simulates. foundry.toml has the toolkit's compiler settings (optimizer
///         1,000,000 runs, prague, no metadata hash), so the code deployed equals the code `marubatsu compile`
///         reports, byte for byte; CI checks that against anvil. Unlike `marubatsu deploy`, this script keeps no
///         deployment record of its own beyond forge's `broadcast/` folder.
contract Deploy {
    /// @dev The cheatcode address: `address(uint160(uint256(keccak256("hevm cheat code"))))`, as in forge-std.
    DeployCheatcodes private constant _HEVM = DeployCheatcodes(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D);

    /// @dev The blocks a timeout claim needs on a public chain: stuffing 64 full blocks costs hundreds of ether
    ///      (docs/security.md, "Censorship on L1 against a short limit"). `marubatsu deploy` uses the same number.
    uint256 public constant PUBLIC_CLAIM_BLOCKS = 64;

    /// @dev Deploys {SoloTicTacToe} then {TicTacToe} in one broadcast and returns where they are.
    function run() external returns (SoloTicTacToe solo, TicTacToe pvp) {
        bool local = block.chainid == 31337 || block.chainid == 1337;
        uint256 claimBlocks = _HEVM.envOr("CLAIM_BLOCKS", local ? 0 : PUBLIC_CLAIM_BLOCKS);
        _HEVM.startBroadcast();
        solo = new SoloTicTacToe();
        pvp = new TicTacToe(claimBlocks);
        _HEVM.stopBroadcast();
    }
}
