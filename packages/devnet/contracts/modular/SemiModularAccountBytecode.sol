// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {SemiModularAccountBase} from "./SemiModularAccountBase.sol";

/// The ModularAccountV2 implementation behind the factory's ERC-1967 proxies (placed at the
/// SemiModularAccountBytecode address 0x000000000000c5A9089039570Dd36455b5C07383, and at the SMA Storage address
/// 0x0000000000006E2f9d80CaEc0Da6500f005EB25A for `upgradeToAndCall(impl, initialize(owner))` from other accounts).
/// The owner (fallback signer) is set once by `initialize`.
contract SemiModularAccountBytecode is SemiModularAccountBase {
    error AlreadyInitialized();

    constructor(address entryPoint) SemiModularAccountBase(entryPoint) {}

    function initialize(address owner) external onlyProxy {
        (address signer,) = getFallbackSignerData();
        if (signer != address(0) || owner == address(0)) revert AlreadyInitialized();
        _setSigner(owner, false);
    }

    function _defaultSigner() internal pure override returns (address) {
        return address(0);
    }
}
