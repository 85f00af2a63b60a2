// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {LibClone} from "solady/utils/LibClone.sol";
import {SemiModularAccountBytecode} from "./SemiModularAccountBytecode.sol";

/// Sigil's stand-in for the ModularAccountV2 factory (placed at 0x00000000000017c61b5bEe81050EC8eFc9c6fecd on the
/// devnet). Accounts are ERC-1967 proxies created with CREATE2, salt keccak256(abi.encode(owner, salt, entityId)):
/// - `createSemiModularAccount(address owner, uint256 salt)` (0x8b4e464e): a semi-modular account (proxy of
///   `SEMI_MODULAR_ACCOUNT_IMPL`) whose owner is the fallback signer, entity id 0;
/// - `createAccount(address owner, uint256 salt, uint32 entityId)` (0xafa63a10): an account (proxy of
///   `ACCOUNT_IMPL`) whose only signer is `owner` in the SingleSignerValidation module at `entityId` (entity id 0
///   makes `owner` the fallback signer instead).
contract ModularAccountV2Factory {
    address public immutable ENTRY_POINT;
    address public immutable SEMI_MODULAR_ACCOUNT_IMPL;
    address public immutable ACCOUNT_IMPL;

    constructor(address entryPoint, address semiModularAccountImpl, address accountImpl) {
        ENTRY_POINT = entryPoint;
        SEMI_MODULAR_ACCOUNT_IMPL = semiModularAccountImpl;
        ACCOUNT_IMPL = accountImpl;
    }

    /// Deploys the account if it does not exist yet and returns it either way.
    function createSemiModularAccount(address owner, uint256 salt) external returns (SemiModularAccountBytecode) {
        (bool alreadyDeployed, address account) =
            LibClone.createDeterministicERC1967(SEMI_MODULAR_ACCOUNT_IMPL, _salt(owner, salt, 0));
        if (!alreadyDeployed) SemiModularAccountBytecode(payable(account)).initialize(owner);
        return SemiModularAccountBytecode(payable(account));
    }

    /// Deploys the account if it does not exist yet and returns it either way.
    function createAccount(address owner, uint256 salt, uint32 entityId)
        external
        returns (SemiModularAccountBytecode)
    {
        (bool alreadyDeployed, address account) =
            LibClone.createDeterministicERC1967(ACCOUNT_IMPL, _salt(owner, salt, entityId));
        if (!alreadyDeployed) {
            SemiModularAccountBytecode created = SemiModularAccountBytecode(payable(account));
            if (entityId == 0) created.initialize(owner);
            else created.initializeWithValidation(entityId, owner);
        }
        return SemiModularAccountBytecode(payable(account));
    }

    function getAddressSemiModular(address owner, uint256 salt) external view returns (address) {
        return _predict(SEMI_MODULAR_ACCOUNT_IMPL, _salt(owner, salt, 0));
    }

    function getAddress(address owner, uint256 salt, uint32 entityId) external view returns (address) {
        return _predict(ACCOUNT_IMPL, _salt(owner, salt, entityId));
    }

    function _predict(address implementation, bytes32 salt) private view returns (address) {
        return LibClone.predictDeterministicAddressERC1967(implementation, salt, address(this));
    }

    function _salt(address owner, uint256 salt, uint32 entityId) private pure returns (bytes32) {
        return keccak256(abi.encode(owner, salt, entityId));
    }
}
