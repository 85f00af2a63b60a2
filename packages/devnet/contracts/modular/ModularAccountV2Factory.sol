// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {LibClone} from "solady/utils/LibClone.sol";
import {SemiModularAccountBytecode} from "./SemiModularAccountBytecode.sol";

/// Sigil's stand-in for the ModularAccountV2 factory (placed at 0x00000000000017c61b5bEe81050EC8eFc9c6fecd on the
/// devnet). Accounts are solady ERC-1967 proxies created with CREATE2 exactly as the audited factory creates them,
/// so the address an SDK computes off chain (Account Kit's `predictModularAccountV2Address`) is where they land:
/// - `createSemiModularAccount(address owner, uint256 salt)` (0x8b4e464e): a proxy of
///   `SEMI_MODULAR_ACCOUNT_IMPL` carrying `owner` as 20 bytes of immutable arguments (the fallback signer, entity
///   id 0), salt keccak256(abi.encodePacked(owner, salt, uint32 max)); nothing is initialised;
/// - `createAccount(address owner, uint256 salt, uint32 entityId)` (0xafa63a10): a plain proxy of `ACCOUNT_IMPL`,
///   salt `getSalt(owner, salt, entityId)` = keccak256(abi.encodePacked(owner, salt, entityId)), whose only
///   validation is `owner` in the SingleSignerValidation module at `entityId` (user operations, signatures,
///   global). Entity id 0 makes `owner` the fallback signer instead (the stand-in keeps entity 0 for it).
contract ModularAccountV2Factory {
    address public immutable ENTRY_POINT;
    address public immutable SEMI_MODULAR_ACCOUNT_IMPL;
    address public immutable ACCOUNT_IMPL;

    /// User operations, signatures, global (ModularAccountV2's ValidationConfig flags).
    uint8 private constant _ALL_VALIDATION_FLAGS = 7;

    event ModularAccountDeployed(address indexed account, address indexed owner, uint256 salt);
    event SemiModularAccountDeployed(address indexed account, address indexed owner, uint256 salt);

    constructor(address entryPoint, address semiModularAccountImpl, address accountImpl) {
        ENTRY_POINT = entryPoint;
        SEMI_MODULAR_ACCOUNT_IMPL = semiModularAccountImpl;
        ACCOUNT_IMPL = accountImpl;
    }

    /// The module `createAccount` installs (the account implementation's).
    function SINGLE_SIGNER_VALIDATION_MODULE() public view returns (address) {
        return address(SemiModularAccountBytecode(payable(ACCOUNT_IMPL)).SINGLE_SIGNER_VALIDATION_MODULE());
    }

    /// Deploys the account if it does not exist yet and returns it either way.
    function createSemiModularAccount(address owner, uint256 salt) external returns (SemiModularAccountBytecode) {
        (bool alreadyDeployed, address account) = LibClone.createDeterministicERC1967(
            SEMI_MODULAR_ACCOUNT_IMPL, abi.encodePacked(owner), getSalt(owner, salt, type(uint32).max)
        );
        if (!alreadyDeployed) emit SemiModularAccountDeployed(account, owner, salt);
        return SemiModularAccountBytecode(payable(account));
    }

    /// Deploys the account if it does not exist yet and returns it either way.
    function createAccount(address owner, uint256 salt, uint32 entityId)
        external
        returns (SemiModularAccountBytecode)
    {
        (bool alreadyDeployed, address account) =
            LibClone.createDeterministicERC1967(ACCOUNT_IMPL, getSalt(owner, salt, entityId));
        if (!alreadyDeployed) {
            SemiModularAccountBytecode created = SemiModularAccountBytecode(payable(account));
            if (entityId == 0) {
                created.initialize(owner);
            } else {
                bytes25 validationConfig = bytes25(
                    abi.encodePacked(SINGLE_SIGNER_VALIDATION_MODULE(), entityId, _ALL_VALIDATION_FLAGS)
                );
                created.initializeWithValidation(
                    validationConfig, new bytes4[](0), abi.encode(entityId, owner), new bytes[](0)
                );
            }
            emit ModularAccountDeployed(account, owner, salt);
        }
        return SemiModularAccountBytecode(payable(account));
    }

    function getAddressSemiModular(address owner, uint256 salt) external view returns (address) {
        return LibClone.predictDeterministicAddressERC1967(
            SEMI_MODULAR_ACCOUNT_IMPL, abi.encodePacked(owner), getSalt(owner, salt, type(uint32).max), address(this)
        );
    }

    function getAddress(address owner, uint256 salt, uint32 entityId) external view returns (address) {
        return LibClone.predictDeterministicAddressERC1967(ACCOUNT_IMPL, getSalt(owner, salt, entityId), address(this));
    }

    function getSalt(address owner, uint256 salt, uint32 entityId) public pure returns (bytes32) {
        return keccak256(abi.encodePacked(owner, salt, entityId));
    }
}
