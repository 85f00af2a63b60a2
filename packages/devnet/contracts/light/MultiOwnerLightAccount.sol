// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {ECDSA} from "solady/utils/ECDSA.sol";
import {EnumerableSetLib} from "solady/utils/EnumerableSetLib.sol";
import {PackedUserOperation} from "aa-contracts-07/interfaces/PackedUserOperation.sol";
import {LightAccountBase} from "./LightAccountBase.sol";

/// @title MultiOwnerLightAccount
/// @notice Sigil's stand-in for MultiOwnerLightAccount v2.0.0 on EntryPoint v0.7, for local development (the
/// audited contract is used on public chains). Any one owner may sign; every signature starts with a type byte:
/// - `0x00 ‖ sig`: an EOA owner's signature (user operation: EIP-191 over the user-operation hash; ERC-1271: over
///   the EIP-712 digest of `LightAccountMessage(bytes message)`, domain `MultiOwnerLightAccount` / `2`);
/// - `0x01 ‖ sig`: accepted by the ERC-1271 `isValidSignature` of one of the contract owners;
/// - `0x02 ‖ owner ‖ sig`: accepted by that contract owner's ERC-1271 `isValidSignature`.
contract MultiOwnerLightAccount is LightAccountBase {
    using EnumerableSetLib for EnumerableSetLib.AddressSet;

    /// @dev `uint256(keccak256("sigil.light.owners")) - 1`: a namespaced slot, so an upgrade keeps or ignores it.
    bytes32 private constant _OWNERS_SLOT = bytes32(uint256(keccak256("sigil.light.owners")) - 1);

    event LightAccountInitialized(address indexed entryPoint, address[] owners);
    event OwnersUpdated(address[] addedOwners, address[] removedOwners);

    error InvalidOwner(address owner);
    error OwnerDoesNotExist(address owner);
    error EmptyOwnersNotAllowed();

    constructor(address anEntryPoint) LightAccountBase(anEntryPoint) {}

    /// @notice Sets the first owners; once per proxy, never on the implementation itself.
    function initialize(address[] calldata owners_) external initializer onlyProxy {
        if (owners_.length == 0) revert EmptyOwnersNotAllowed();
        _addOwners(owners_);
        emit LightAccountInitialized(_ENTRY_POINT, owners_);
        emit OwnersUpdated(owners_, new address[](0));
    }

    /// @notice The current owners.
    function owners() external view returns (address[] memory) {
        return _ownerSet().values();
    }

    /// @notice Removes `ownersToRemove`, then adds `ownersToAdd`; at least one owner must remain.
    function updateOwners(address[] calldata ownersToAdd, address[] calldata ownersToRemove) external onlyAuthorized {
        EnumerableSetLib.AddressSet storage set = _ownerSet();
        for (uint256 i; i < ownersToRemove.length; ++i) {
            if (!set.remove(ownersToRemove[i])) revert OwnerDoesNotExist(ownersToRemove[i]);
        }
        _addOwners(ownersToAdd);
        if (set.length() == 0) revert EmptyOwnersNotAllowed();
        emit OwnersUpdated(ownersToAdd, ownersToRemove);
    }

    /// @notice ERC-4337 v0.7 validation: 0 for an owner's signature, 1 otherwise (never reverts on a bad one).
    function validateUserOp(PackedUserOperation calldata userOp, bytes32 userOpHash, uint256 missingAccountFunds)
        external
        onlyEntryPoint
        returns (uint256 validationData)
    {
        bool valid = _isValidTypedSignature(ECDSA.toEthSignedMessageHash(userOpHash), userOpHash, userOp.signature);
        validationData = valid ? _SIG_VALIDATION_SUCCESS : _SIG_VALIDATION_FAILED;
        _payPrefund(missingAccountFunds);
    }

    function _isValidMessageSignature(bytes32 digest, bytes calldata signature) internal view override returns (bool) {
        return _isValidTypedSignature(digest, digest, signature);
    }

    /// @dev An EOA owner signs `eoaDigest`; a contract owner is asked about `contractHash`.
    function _isValidTypedSignature(bytes32 eoaDigest, bytes32 contractHash, bytes calldata signature)
        private
        view
        returns (bool)
    {
        if (signature.length == 0) return false;
        uint8 signatureType = uint8(signature[0]);
        if (signatureType == _SIGNATURE_TYPE_EOA) {
            address signer = ECDSA.tryRecoverCalldata(eoaDigest, signature[1:]);
            return signer != address(0) && _isOwner(signer);
        }
        if (signatureType == _SIGNATURE_TYPE_CONTRACT) {
            EnumerableSetLib.AddressSet storage set = _ownerSet();
            uint256 count = set.length();
            for (uint256 i; i < count; ++i) {
                if (_isValidContractSignature(set.at(i), contractHash, signature[1:])) return true;
            }
            return false;
        }
        if (signatureType == _SIGNATURE_TYPE_CONTRACT_WITH_ADDR && signature.length >= 21) {
            address contractOwner = address(bytes20(signature[1:21]));
            return _isOwner(contractOwner) && _isValidContractSignature(contractOwner, contractHash, signature[21:]);
        }
        return false;
    }

    function _addOwners(address[] calldata ownersToAdd) private {
        EnumerableSetLib.AddressSet storage set = _ownerSet();
        for (uint256 i; i < ownersToAdd.length; ++i) {
            address newOwner = ownersToAdd[i];
            if (newOwner == address(0) || newOwner == address(this) || !set.add(newOwner)) {
                revert InvalidOwner(newOwner);
            }
        }
    }

    function _isOwner(address account) internal view override returns (bool) {
        return _ownerSet().contains(account);
    }

    function _ownerSet() private pure returns (EnumerableSetLib.AddressSet storage set) {
        bytes32 slot = _OWNERS_SLOT;
        assembly ("memory-safe") {
            set.slot := slot
        }
    }

    function _domainNameAndVersion() internal pure override returns (string memory, string memory) {
        return ("MultiOwnerLightAccount", "2");
    }
}
