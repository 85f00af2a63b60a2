// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {LibClone} from "solady/utils/LibClone.sol";
import {SemiModularAccountBytecode} from "./SemiModularAccountBytecode.sol";

/// Sigil's stand-in for the ModularAccountV2 factory (placed at 0x00000000000017c61b5bEe81050EC8eFc9c6fecd on the
/// devnet): `createSemiModularAccount(address owner, uint256 salt)` (0x8b4e464e) deploys an ERC-1967 proxy of the
/// semi-modular implementation with CREATE2 salt keccak256(abi.encode(owner, salt, uint32(0))) and sets the owner
/// as its fallback signer (entity id 0).
contract ModularAccountV2Factory {
    address public immutable ENTRY_POINT;
    address public immutable SEMI_MODULAR_ACCOUNT_IMPL;

    constructor(address entryPoint, address semiModularAccountImpl) {
        ENTRY_POINT = entryPoint;
        SEMI_MODULAR_ACCOUNT_IMPL = semiModularAccountImpl;
    }

    /// Deploys the account if it does not exist yet and returns it either way.
    function createSemiModularAccount(address owner, uint256 salt) external returns (SemiModularAccountBytecode) {
        (bool alreadyDeployed, address account) =
            LibClone.createDeterministicERC1967(SEMI_MODULAR_ACCOUNT_IMPL, _salt(owner, salt));
        if (!alreadyDeployed) SemiModularAccountBytecode(payable(account)).initialize(owner);
        return SemiModularAccountBytecode(payable(account));
    }

    function getAddressSemiModular(address owner, uint256 salt) external view returns (address) {
        return LibClone.predictDeterministicAddressERC1967(SEMI_MODULAR_ACCOUNT_IMPL, _salt(owner, salt), address(this));
    }

    function _salt(address owner, uint256 salt) private pure returns (bytes32) {
        return keccak256(abi.encode(owner, salt, uint32(0)));
    }
}
