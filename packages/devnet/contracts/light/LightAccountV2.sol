// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {ECDSA} from "solady/utils/ECDSA.sol";
import {PackedUserOperation} from "aa-contracts-07/interfaces/PackedUserOperation.sol";
import {SingleOwnerLightAccountBase} from "./SingleOwnerLightAccountBase.sol";

/// @title LightAccountV2
/// @notice Sigil's stand-in for LightAccount v2.0.0 on EntryPoint v0.7, for local development (the audited
/// contract is used on public chains). Every signature starts with a type byte:
/// - `0x00 ‖ sig`: the EOA owner's signature (user operation: EIP-191 over the user-operation hash; ERC-1271:
///   over the EIP-712 digest of `LightAccountMessage(bytes message)`, domain `LightAccount` / `2`);
/// - `0x01 ‖ sig`: a contract owner's ERC-1271 signature over the user-operation hash or the EIP-712 digest;
/// - `0x02 ‖ owner ‖ sig`: the same with the contract owner's address spelled out.
contract LightAccountV2 is SingleOwnerLightAccountBase {
    constructor(address anEntryPoint) SingleOwnerLightAccountBase(anEntryPoint) {}

    /// @notice ERC-4337 v0.7 validation: 0 for the owner's signature, 1 otherwise (never reverts on a bad one).
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
        address anOwner = owner();
        if (signatureType == _SIGNATURE_TYPE_EOA) return _isValidEOASignature(anOwner, eoaDigest, signature[1:]);
        if (signatureType == _SIGNATURE_TYPE_CONTRACT) {
            return _isValidContractSignature(anOwner, contractHash, signature[1:]);
        }
        if (signatureType == _SIGNATURE_TYPE_CONTRACT_WITH_ADDR && signature.length >= 21) {
            return address(bytes20(signature[1:21])) == anOwner
                && _isValidContractSignature(anOwner, contractHash, signature[21:]);
        }
        return false;
    }

    function _domainNameAndVersion() internal pure override returns (string memory, string memory) {
        return ("LightAccount", "2");
    }
}
