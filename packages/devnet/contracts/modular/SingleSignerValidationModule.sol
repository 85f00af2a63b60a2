// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

/// Sigil's stand-in for the ModularAccountV2 SingleSignerValidation module (placed at
/// 0x00000000000099DE0BF6fA90dEB851E2A2df7d83 on the devnet): one signer per (entity id, account), set by the
/// account, and the EIP-712 domain such a signer signs messages in: {chainId, verifyingContract: this module,
/// salt: 12 zero bytes ‖ account}, struct `ReplaySafeHash(bytes32 hash)`. The account checks the signatures.
contract SingleSignerValidationModule {
    bytes32 private constant _DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(uint256 chainId,address verifyingContract,bytes32 salt)");
    bytes32 private constant _REPLAY_SAFE_HASH_TYPEHASH = keccak256("ReplaySafeHash(bytes32 hash)");

    mapping(uint32 entityId => mapping(address account => address)) public signers;

    event SignerTransferred(address indexed account, uint32 indexed entityId, address newSigner, address previousSigner);

    /// Sets the calling account's signer for an entity; `data` is `abi.encode(uint32 entityId, address signer)`.
    function onInstall(bytes calldata data) external {
        (uint32 entityId, address signer) = abi.decode(data, (uint32, address));
        transferSigner(entityId, signer);
    }

    /// Clears the calling account's signer for an entity; `data` is `abi.encode(uint32 entityId)`.
    function onUninstall(bytes calldata data) external {
        uint32 entityId = abi.decode(data, (uint32));
        transferSigner(entityId, address(0));
    }

    function moduleId() external pure returns (string memory) {
        return "alchemy.single-signer-validation-module.1.0.0";
    }

    function transferSigner(uint32 entityId, address newSigner) public {
        address previousSigner = signers[entityId][msg.sender];
        signers[entityId][msg.sender] = newSigner;
        emit SignerTransferred(msg.sender, entityId, newSigner, previousSigner);
    }

    /// The EIP-712 digest an entity's signer signs for an ERC-1271 `hash` of `account`.
    function replaySafeHash(address account, bytes32 hash) external view returns (bytes32) {
        bytes32 domainSeparator =
            keccak256(abi.encode(_DOMAIN_TYPEHASH, block.chainid, address(this), bytes32(uint256(uint160(account)))));
        bytes32 structHash = keccak256(abi.encode(_REPLAY_SAFE_HASH_TYPEHASH, hash));
        return keccak256(abi.encodePacked(hex"1901", domainSeparator, structHash));
    }
}
