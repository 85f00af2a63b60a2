// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {SemiModularAccountBase} from "./SemiModularAccountBase.sol";
import {SingleSignerValidationModule} from "./SingleSignerValidationModule.sol";

/// The ModularAccountV2 implementation behind the factory's ERC-1967 proxies. The devnet places it at the
/// SemiModularAccountBytecode address 0x000000000000c5A9089039570Dd36455b5C07383 (`createSemiModularAccount`), the
/// MA v2 address 0x00000000000002377B26b1EdA7b0BC371C60DD4f (`createAccount` with a module signer) and the SMA
/// Storage address 0x0000000000006E2f9d80CaEc0Da6500f005EB25A (`upgradeToAndCall(impl, initialize(owner))` from
/// other accounts). Initialised once, with an owner or with one module signer.
contract SemiModularAccountBytecode is SemiModularAccountBase {
    constructor(address entryPoint, SingleSignerValidationModule singleSignerValidationModule)
        SemiModularAccountBase(entryPoint, singleSignerValidationModule)
    {}

    /// Makes `owner` the fallback signer (entity id 0).
    function initialize(address owner) external onlyProxy {
        _initializeOnce();
        _setFallbackSigner(owner, false);
    }

    /// Makes `signer` the SingleSignerValidation signer of `entityId` (not 0), without a fallback signer.
    function initializeWithValidation(uint32 entityId, address signer) external onlyProxy {
        _initializeOnce();
        SINGLE_SIGNER_VALIDATION_MODULE.onInstall(abi.encode(entityId, signer));
    }

    function _defaultSigner() internal pure override returns (address) {
        return address(0);
    }
}
