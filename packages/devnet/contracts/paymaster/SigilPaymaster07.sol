// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {IPaymaster} from "aa-contracts-07/interfaces/IPaymaster.sol";
import {PackedUserOperation} from "aa-contracts-07/interfaces/PackedUserOperation.sol";
import {SigilPaymasterBase} from "./SigilPaymasterBase.sol";

/// @notice Sigil's verifying paymaster for EntryPoint v0.7.
/// `paymasterAndData` = paymaster (20) ‖ uint128 paymasterVerificationGasLimit (16) ‖ uint128 paymasterPostOpGasLimit
/// (16) ‖ abi.encode(uint48 validUntil, uint48 validAfter) (64) ‖ signature (65), the signature being the signer's
/// EIP-191 signature over `getHash(userOp, validUntil, validAfter)` (which covers the two paymaster gas limits).
contract SigilPaymaster07 is IPaymaster, SigilPaymasterBase {
    uint256 private constant GAS_LIMITS_OFFSET = 20;
    uint256 private constant VALID_TIMESTAMP_OFFSET = 52;
    uint256 private constant SIGNATURE_OFFSET = 116;
    uint256 private constant LENGTH = 181;

    constructor(address entryPoint_, address owner_, address signer_)
        SigilPaymasterBase(entryPoint_, owner_, signer_)
    {}

    /// @notice The hash the signer signs (EIP-191) to sponsor `userOp` between `validAfter` and `validUntil`.
    function getHash(PackedUserOperation calldata userOp, uint48 validUntil, uint48 validAfter)
        public
        view
        returns (bytes32)
    {
        return keccak256(
            bytes.concat(
                abi.encode(
                    userOp.sender,
                    userOp.nonce,
                    keccak256(userOp.initCode),
                    keccak256(userOp.callData),
                    userOp.accountGasLimits,
                    uint256(bytes32(userOp.paymasterAndData[GAS_LIMITS_OFFSET:VALID_TIMESTAMP_OFFSET]))
                ),
                abi.encode(userOp.preVerificationGas, userOp.gasFees, block.chainid, address(this), validUntil, validAfter)
            )
        );
    }

    function validatePaymasterUserOp(PackedUserOperation calldata userOp, bytes32, uint256)
        external
        view
        onlyEntryPoint
        returns (bytes memory context, uint256 validationData)
    {
        bytes calldata paymasterAndData = userOp.paymasterAndData;
        if (paymasterAndData.length != LENGTH) revert InvalidPaymasterAndData(paymasterAndData.length);
        (uint48 validUntil, uint48 validAfter) =
            abi.decode(paymasterAndData[VALID_TIMESTAMP_OFFSET:SIGNATURE_OFFSET], (uint48, uint48));
        bytes32 hash = getHash(userOp, validUntil, validAfter);
        return ("", _validationData(hash, paymasterAndData[SIGNATURE_OFFSET:], validUntil, validAfter));
    }

    /// @notice Never called: validation returns no context.
    function postOp(PostOpMode, bytes calldata, uint256, uint256) external view onlyEntryPoint {}
}
