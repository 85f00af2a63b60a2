// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {LibClone} from "solady/utils/LibClone.sol";
import {SemiModularAccountBase} from "./SemiModularAccountBase.sol";
import {SingleSignerValidationModule} from "./SingleSignerValidationModule.sol";

/// The ModularAccountV2 implementation behind the factory's ERC-1967 proxies. The devnet places it at the
/// SemiModularAccountBytecode address 0x000000000000c5A9089039570Dd36455b5C07383 (`createSemiModularAccount`), the
/// MA v2 address 0x00000000000002377B26b1EdA7b0BC371C60DD4f (`createAccount` with a module signer) and the SMA
/// Storage address 0x0000000000006E2f9d80CaEc0Da6500f005EB25A (`upgradeToAndCall(impl, initialize(owner))` from
/// other accounts).
/// A semi-modular proxy carries its owner in its code (solady's ERC-1967 proxy with the owner's 20 bytes as
/// immutable arguments, as the audited factory deploys it): that owner is the fallback signer until
/// `updateFallbackSignerData` stores another. Other proxies are initialised once, with an owner (`initialize`)
/// or with one SingleSignerValidation entity (`initializeWithValidation`).
contract SemiModularAccountBytecode is SemiModularAccountBase {
    /// Runtime size of solady's ERC-1967 proxy with 20 bytes of immutable arguments (0x3d + 20).
    uint256 private constant _PROXY_WITH_OWNER_SIZE = 0x51;

    constructor(address entryPoint, SingleSignerValidationModule singleSignerValidationModule)
        SemiModularAccountBase(entryPoint, singleSignerValidationModule)
    {}

    function accountId() external pure override returns (string memory) {
        return "alchemy.sma-bytecode.1.0.0";
    }

    /// Makes `owner` the fallback signer (entity id 0): the SMA Storage initializer.
    function initialize(address owner) external onlyProxy {
        _initializeOnce();
        _setFallbackSigner(owner, false);
    }

    /// Installs one validation on a new account, as the audited factory's `createAccount` does:
    /// `validationConfig` = SingleSignerValidation module ‖ uint32 entityId ‖ flags, `installData` =
    /// `abi.encode(uint32 entityId, address signer)`; no selectors or hooks needed.
    function initializeWithValidation(
        bytes25 validationConfig,
        bytes4[] calldata selectors,
        bytes calldata installData,
        bytes[] calldata hooks
    ) external onlyProxy {
        _initializeOnce();
        address module = address(bytes20(validationConfig));
        uint32 entityId = uint32(uint192(bytes24(validationConfig)));
        _installValidation(module, entityId, uint8(uint200(validationConfig)), selectors, installData, hooks.length);
    }

    /// The owner in a semi-modular proxy's code; none for other proxies.
    function _defaultSigner() internal view override returns (address) {
        if (address(this).code.length != _PROXY_WITH_OWNER_SIZE) return address(0);
        return address(bytes20(LibClone.argsOnERC1967(address(this), 0, 20)));
    }
}
